import { Text } from '@mantine/core';
import type { SupplierReceive } from '@/contract/parties';

const width = 560;
const height = 120;

/**
 * Units short (below the line) and over (above it) of each receive, oldest on the left: a small chart
 * for those who would rather look than read; the table below says the same in numbers.
 */
export function ReceiveTrendChart({ receives }: { receives: readonly SupplierReceive[] }) {
  const finished = receives.filter((receive) => receive.finished !== null).toReversed();
  if (finished.length < 2) return null;
  const most = Math.max(1, ...finished.map((receive) => Math.max(receive.unitsShort, receive.unitsOver)));
  const step = width / finished.length;
  const middle = height / 2;
  const scale = (units: number) => (units / most) * (middle - 6);
  const shortCount = finished.filter((receive) => receive.unitsShort > 0).length;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        style={{ maxWidth: width }}
        role="img"
        aria-label={`Units short and over of the last ${finished.length} receives, oldest first: ${shortCount} short`}
      >
        <line
          x1={0}
          x2={width}
          y1={middle}
          y2={middle}
          stroke="var(--mantine-color-dimmed)"
          strokeWidth={1}
        />
        {finished.map((receive, index) => (
          <g key={receive.reference}>
            {receive.unitsShort > 0 ? (
              <rect
                x={index * step + step * 0.15}
                y={middle}
                width={step * 0.7}
                height={scale(receive.unitsShort)}
                fill="var(--mantine-color-red-6)"
              />
            ) : null}
            {receive.unitsOver > 0 ? (
              <rect
                x={index * step + step * 0.15}
                y={middle - scale(receive.unitsOver)}
                width={step * 0.7}
                height={scale(receive.unitsOver)}
                fill="var(--mantine-color-blue-6)"
              />
            ) : null}
          </g>
        ))}
      </svg>
      <Text component="figcaption" size="xs" c="dimmed">
        Each receive from oldest to newest: units over above the line (blue), short below it (red).
      </Text>
    </figure>
  );
}
