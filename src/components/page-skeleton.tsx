import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Shown while a page's data loads: the rough shape of a heading and a table. */
export function PageSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" role="status">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <Skeleton height={34} width="40%" />
      <Skeleton height={18} width="70%" />
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={36} />
      ))}
    </Stack>
  );
}
