import { Button, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId, useState } from 'react';

/** How many filters are set: one per filter, a date range counting once whichever end is set. */
export function countActiveFilters(values: readonly unknown[]): number {
  return values.filter((value) => value !== undefined && value !== '' && value !== false).length;
}

/**
 * A list's filters: all in view on a wide screen; on a phone (below Mantine's sm breakpoint, as app.css)
 * folded behind one "Filters" button that says how many are set, so the list starts near the top.
 */
export function FiltersFold({ active, children }: { active: number; children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  const panel = useId();
  if (!phone) return children;
  return (
    <Stack gap="sm">
      <Button
        variant="default"
        mih={44}
        aria-expanded={opened}
        aria-controls={panel}
        onClick={() => setOpened((open) => !open)}
        style={{ alignSelf: 'flex-start' }}
      >
        {active > 0 ? `Filters (${active} set)` : 'Filters'}
      </Button>
      <div id={panel} hidden={!opened}>
        {children}
      </div>
    </Stack>
  );
}
