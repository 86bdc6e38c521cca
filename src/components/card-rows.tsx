import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** A header's words without what is there for the eye only (a sort arrow). */
function spokenText(header: Element): string {
  const copy = header.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent?.trim() ?? '';
}

/**
 * Lists as cards on a phone: below Mantine's sm breakpoint (48em, app.css) each row of a table inside
 * becomes a card, and each cell says its column's name, read here from the table's header row (so every
 * list table gets it without naming its columns twice); a cell that shows only "—" is left off the card.
 */
export function CardRows({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  // After every render: a new page or a live update brings new rows.
  useLayoutEffect(() => {
    for (const table of container.current?.querySelectorAll('table') ?? []) {
      const labels = [...table.querySelectorAll('thead tr:first-child > th')].map(spokenText);
      for (const row of table.querySelectorAll('tbody > tr')) {
        [...row.children].forEach((cell, index) => {
          const label = labels[index];
          if (label && cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
          // A value that is not there ("—") takes no room on a card.
          const empty = cell.textContent?.trim() === '—';
          if (cell.hasAttribute('data-empty') !== empty) cell.toggleAttribute('data-empty', empty);
        });
      }
    }
  });
  return (
    <div className="card-rows" ref={container}>
      {children}
    </div>
  );
}
