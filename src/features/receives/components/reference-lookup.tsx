import { useState } from 'react';
import { PageSearchBox } from '@/components/page-search-box';

/** Exact lookup by primary reference; an empty box goes back to the list. */
export function ReferenceLookup({
  label,
  initialReference,
  onLookup,
}: {
  label: string;
  initialReference: string;
  onLookup: (reference: string | undefined) => void;
}) {
  const [reference, setReference] = useState(initialReference);
  return (
    <PageSearchBox
      label={label}
      description="The exact reference, as it was created; upper or lower case does not matter"
      value={reference}
      onChange={setReference}
      onSearch={() => onLookup(reference.trim() || undefined)}
    />
  );
}
