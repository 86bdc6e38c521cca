import type { ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode };

/** Label and value pairs as a real definition list, two columns wide. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 20px', margin: 0 }}>
      {facts.map((fact) => (
        <div key={fact.label} style={{ display: 'contents' }}>
          <dt style={{ fontWeight: 600 }}>{fact.label}</dt>
          <dd style={{ margin: 0 }}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
