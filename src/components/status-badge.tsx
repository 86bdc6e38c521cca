import { Badge } from '@mantine/core';

const statusInfo: Record<string, { label: string; color: string }> = {
  PRS: { label: 'Processing', color: 'blue' },
  FIN: { label: 'Finalized', color: 'green' },
  CAN: { label: 'Canceled', color: 'gray' },
  ENT: { label: 'Entered', color: 'blue' },
  PIC: { label: 'Picking', color: 'violet' },
  HEL: { label: 'Held', color: 'orange' },
};

/** The operator's list of statuses goes on past the documented ones: a code we do not know gets these words. */
const otherStatusLabel = 'Other status';

export function statusLabel(status: string): string {
  return Object.hasOwn(statusInfo, status) ? statusInfo[status].label : otherStatusLabel;
}

/**
 * A status code in words with the code beside it, since staff at the warehouse speak in codes; a code the
 * console does not know is shown as sent, neutral, never hidden. Its minimum width is its text: Mantine's
 * badge clips its label, so an auto-sized table column would shrink it to "Pro…".
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const code = typeof status === 'string' ? status.trim() : '';
  const known = Object.hasOwn(statusInfo, code) ? statusInfo[code] : undefined;
  return (
    <Badge
      color={known?.color ?? 'gray'}
      variant={known ? 'light' : 'outline'}
      tt="none"
      miw="max-content"
      title={code ? `Status code ${code}` : 'No status code sent'}
    >
      {code ? `${known?.label ?? otherStatusLabel} (${code})` : 'No status'}
    </Badge>
  );
}
