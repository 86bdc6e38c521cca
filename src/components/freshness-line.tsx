import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { Freshness } from '@/contract/index-records';
import { sourceWords } from '@/lib/source-words';
import { useWarehouseSilence } from '@/lib/warehouse-reach';
import { LocalTime } from './local-time';

/**
 * How fresh a record page is ("As of <time> · from webhook"), with a button that asks the warehouse now;
 * while the warehouse does not answer, it says so first.
 * `refresh` reads the record afresh and puts it in the cache; the page then shows the new time and source.
 * A failed refresh says so and leaves the page as it was.
 */
export function FreshnessLine({
  freshness,
  refresh,
}: {
  freshness: Freshness;
  refresh: () => Promise<unknown>;
}) {
  const refreshing = useMutation({ mutationFn: refresh });
  const source = sourceWords[freshness.source];
  const silent = useWarehouseSilence() !== null;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="freshness">
          {silent ? (
            <>
              <Text span inherit fw={700} c="var(--mantine-color-orange-light-color)">
                The warehouse cannot be reached
              </Text>
              : this is the console's copy as of{' '}
            </>
          ) : (
            'As of '
          )}
          <LocalTime value={freshness.asOf} /> · <strong>{source.name}</strong> ({source.meaning})
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          loading={refreshing.isPending}
          onClick={() => refreshing.mutate()}
        >
          Refresh from the warehouse
        </Button>
      </Group>
      {refreshing.isError ? (
        <Alert
          color="red"
          title="Could not refresh from the warehouse"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => refreshing.reset()}
        >
          {refreshing.error.message} What this page shows is still the copy from before.
        </Alert>
      ) : null}
    </Stack>
  );
}
