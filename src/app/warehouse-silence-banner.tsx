import { Alert, Box, Text } from '@mantine/core';
import { useCan } from '@/lib/session';
import { silenceBannerWords, useWarehouseSilence } from '@/lib/warehouse-reach';

/**
 * Across the top of every signed-in page while the warehouse does not answer: since when, that the pages
 * show the console's copy, and (for administrators) what to check. The live region stays in place while
 * empty, so screen readers hear the banner come and go.
 */
export function WarehouseSilenceBanner() {
  const silence = useWarehouseSilence();
  const readsSettings = useCan('settings.read');
  const words = silence ? silenceBannerWords(silence, { now: new Date(), readsSettings }) : null;
  return (
    <Box role="status" mb={words ? 'md' : 0} data-testid="warehouse-silence">
      {words ? (
        // A note inside the status region: the region, not a second alert, is what is announced.
        <Alert role="note" color="orange" variant="light" title={words.title}>
          <Text size="sm">{words.detail}</Text>
        </Alert>
      ) : null}
    </Box>
  );
}
