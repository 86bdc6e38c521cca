import { Badge, Group } from '@mantine/core';
import { LocalTime } from '../../../components/local-time';
import { daysPastEta, etaStanding } from '../model/receive-eta';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The ETA as sent: a plain date stays a date (not midnight in some zone), a timestamp is shown in local
 * time. While goods are still expected, a passed ETA is marked overdue and today's as due today.
 */
export function EtaText({
  eta,
  now,
  stillExpected,
}: {
  eta: string | null | undefined;
  now: Date;
  stillExpected: boolean;
}) {
  if (!eta) return <>—</>;
  const standing = etaStanding(eta, now, stillExpected);
  const when = dateOnly.test(eta) ? (
    <time dateTime={eta}>{dayFormat.format(new Date(`${eta}T00:00:00Z`))}</time>
  ) : (
    <LocalTime value={eta} />
  );
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
