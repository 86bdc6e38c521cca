import { Badge } from '@mantine/core';

const statusInfo: Record<string, { label: string; color: string }> = {
  PRS: { label: 'Processing', color: 'blue' },
  FIN: { label: 'Finalized', color: 'green' },
  CAN: { label: 'Canceled', color: 'gray' },
  ENT: { label: 'Entered', color: 'blue' },
  PIC: { label: 'Picking', color: 'violet' },
  HEL: { label: 'Held', color: 'orange' },
};

export function statusLabel(status: string): string {
  return statusInfo[status]?.label ?? status;
}

/**
 * A status code in words with the code beside it, since staff at the warehouse speak in codes. Its minimum
 * width is its text: Mantine's badge clips its label, so an auto-sized table column would shrink it to
 * "Pro…".
 */
export function StatusBadge({ status }: { status: string }) {
  const info = statusInfo[status];
  return (
    <Badge
      color={info?.color ?? 'gray'}
      variant="light"
      tt="none"
      miw="max-content"
      title={`Status code ${status}`}
    >
      {info ? `${info.label} (${status})` : status}
    </Badge>
  );
}
