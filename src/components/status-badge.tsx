import { Badge } from '@mantine/core';
import { type StatusOwner, statusCodeWords } from '@/domain/record-states';

/** The operator's list of statuses goes on past the documented ones: a code we do not know gets these words. */
const otherStatusLabel = 'Other status';

const colors: Record<string, string> = {
  PRS: 'blue',
  ENT: 'blue',
  PIC: 'violet',
  HEL: 'orange',
  FIN: 'green',
  CAN: 'gray',
};

/**
 * A status code in words (the states' one vocabulary, `statusCodeWords`) with the code beside it, since
 * staff at the warehouse speak in codes; a code the console does not know is shown as sent, neutral, never
 * hidden. Its minimum width is its text: Mantine's badge clips its label, so an auto-sized table column
 * would shrink it to "Pro…".
 */
export function StatusBadge({ status, of }: { status: string | null | undefined; of: StatusOwner }) {
  const code = typeof status === 'string' ? status.trim() : '';
  const words = code ? statusCodeWords(code, of) : null;
  return (
    <Badge
      color={words ? (colors[code] ?? 'gray') : 'gray'}
      variant={words ? 'light' : 'outline'}
      tt="none"
      miw="max-content"
      title={code ? `Status code ${code}` : 'No status code sent'}
    >
      {code ? `${words ?? otherStatusLabel} (${code})` : 'No status'}
    </Badge>
  );
}
