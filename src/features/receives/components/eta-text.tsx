import { Badge, Group } from '@mantine/core';
import { LocalTime } from '@/components/local-time';
import { daysPastEta, etaStanding } from '../model/receive-eta';

/**
 * The ETA as sent: a plain date or a midnight-UTC timestamp (a picked day, as the operator documents it) stays
 * that day (not midnight in some zone), any other timestamp is shown in local time. While goods are still expected, a passed ETA is marked overdue and today's as due today.
 */
export function EtaText({
  eta,
  now,
  stillExpected,
  focusable,
  dayShown,
}: {
  eta: string | null | undefined;
  now: Date;
  stillExpected: boolean;
  focusable?: boolean;
  /** Only the day, the time on hover (a list's column). */
  dayShown?: boolean;
}) {
  if (!eta) return <>—</>;
  const standing = etaStanding(eta, now, stillExpected);
  const when = <LocalTime value={eta} focusable={focusable} dayValued dayShown={dayShown} />;
  if (standing !== 'overdue' && standing !== 'today') return when;
  return (
    <Group gap={4} component="span" wrap="wrap">
      {when}
      {standing === 'overdue' ? (
        <Badge color="red.9" variant="filled" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          Overdue {daysPastEta(eta, now)}d
        </Badge>
      ) : (
        <Badge color="blue.8" variant="filled" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          Due today
        </Badge>
      )}
    </Group>
  );
}
