import { Stack, Text } from '@mantine/core';

/** One figure of a party's page (orders placed, the short rate…): its label above it, large. */
export function PartyFigure({
  label,
  value,
  testId,
  size = 'h3',
}: {
  label: string;
  value: string;
  testId: string;
  size?: 'h2' | 'h3';
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={size} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
