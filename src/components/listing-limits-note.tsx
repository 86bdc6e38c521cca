import { Alert } from '@mantine/core';
import { type IgnoredListingParameter, listingLimitsNote } from '@/lib/listing-limits';

/** Said above a list when the warehouse service ignored some listing parameters (see listing-limits.ts). */
export function ListingLimitsNote({
  ignored,
  what,
}: {
  ignored: readonly IgnoredListingParameter[];
  what: string;
}) {
  const note = listingLimitsNote(ignored, what);
  if (!note) return null;
  return (
    <Alert color="gray" variant="light" role="status" title="What this list can show">
      {note}
    </Alert>
  );
}
