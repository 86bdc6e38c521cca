import { Group, Progress, Text } from '@mantine/core';

/**
 * How much of something arrived, as a bar with its percentage written beside it so it does not rely on
 * color. `label` names the bar for screen readers, e.g. "Received of PO-1001".
 */
export function CompletenessBar({
  percentage,
  label,
  color = 'blue',
  size = 'md',
}: {
  percentage: number;
  label: string;
  color?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const shown = Math.max(0, Math.min(100, percentage));
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress.Root size={size} style={{ flex: 1, minWidth: 64 }}>
        <Progress.Section
          value={shown}
          color={color}
          aria-label={label}
          aria-valuetext={`${Math.round(shown)}%`}
        />
      </Progress.Root>
      <Text size="sm" fw={500} style={{ minWidth: '3.5ch', textAlign: 'right' }}>
        {Math.round(shown)}%
      </Text>
    </Group>
  );
}
