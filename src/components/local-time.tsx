import { formatDateTime, formatExactDateTime } from '../lib/format';

/** A timestamp in the reader's local time; the exact time with its zone shows on hover. */
export function LocalTime({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  return (
    <time dateTime={value} title={formatExactDateTime(value)}>
      {formatDateTime(value)}
    </time>
  );
}
