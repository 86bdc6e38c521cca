import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

/** One bar: its label (a day or week), its share 0–1 or null when there was nothing to count. */
export type TrendBar = { label: string; share: number | null; detail: string };

const width = 280;
const height = 80;

/**
 * A small bar chart of shares, drawn in SVG: an image whose words are the summary below it, each bar
 * titled with what it counts for those who point at it.
 */
export function TrendChart({ title, summary, bars }: { title: string; summary: string; bars: TrendBar[] }) {
  const summaryId = useId();
  const step = width / bars.length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <svg
          role="img"
          aria-labelledby={summaryId}
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ maxWidth: width * 1.6, display: 'block' }}
        >
          <title>{title}</title>
          <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} stroke="var(--mantine-color-gray-5)" />
          {bars.map((bar, index) => {
            const barHeight = bar.share === null ? 0 : Math.max(1, bar.share * (height - 2));
            return (
              <rect
                key={bar.label}
                x={index * step + step * 0.15}
                y={height - 1 - barHeight}
                width={step * 0.7}
                height={barHeight}
                rx={1.5}
                fill="var(--mantine-color-teal-6)"
              >
                <title>{`${bar.label}: ${bar.detail}`}</title>
              </rect>
            );
          })}
        </svg>
        <Text size="sm" id={summaryId}>
          {summary}
        </Text>
      </Stack>
    </Paper>
  );
}
