import { Text } from '@mantine/core';
import { silenceMarkWords, useWarehouseSilence } from '@/lib/warehouse-reach';

/** Above a list or search results while the warehouse does not answer: they are the console's copy. */
export function ConsoleCopyMark() {
  const silence = useWarehouseSilence();
  if (!silence) return null;
  return (
    <Text size="sm" fw={600} c="var(--mantine-color-orange-light-color)" data-testid="console-copy-mark">
      {silenceMarkWords(silence, new Date())}
    </Text>
  );
}
