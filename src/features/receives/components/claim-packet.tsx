import { Group, Text } from '@mantine/core';
import { DownloadLink } from '@/components/download-link';
import { claimPacketCsvRoute, claimPacketPdfRoute } from '@/contract/claim-packet';
import type { Receive } from '@/contract/receive';
import { claimWindowOf, claimWindowWords } from '@/domain/claim-window';
import { finishedAt } from '@/domain/finished-time';
import type { ReceiveCompleteness } from '@/domain/receive-completeness';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useCan } from '@/lib/session';

/** The reader's time zone, which the packet's times are written in. */
const timeZone = () =>
  new URLSearchParams({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).toString();

const packetFormats = [
  { format: 'PDF', route: claimPacketPdfRoute },
  { format: 'CSV', route: claimPacketCsvRoute },
] as const;

/**
 * Beside what was short or over: the days left to claim it from the supplier, counted from when the warehouse
 * finalized it (as the index does), and the claim packet to send, which a receive or return has on demand
 * once something of it arrived or the warehouse finalized it (before, there is nothing to claim).
 */
export function ClaimPacket({
  receive,
  completeness,
  now,
}: {
  receive: Receive;
  completeness: ReceiveCompleteness;
  now: Date;
}) {
  const { claimWindowDays, claimant } = useConsoleConfig();
  const arrived = completeness.received > 0 || receive.status === 'FIN';
  const mayExport = useCan('exports.download') && arrived;
  const discrepant = completeness.state === 'short' || completeness.state === 'over';
  const window =
    discrepant && receive.status === 'FIN'
      ? claimWindowOf(finishedAt(receive), claimWindowDays, now.getTime())
      : null;
  if (!window && !mayExport) return null;
  return (
    <Group gap="sm" mt="xs" data-testid="claim-packet">
      {window ? (
        <Text fw={600} c={window.daysLeft === 0 ? 'dimmed' : undefined} data-testid="claim-window">
          {claimWindowWords(window)}
        </Text>
      ) : null}
      {mayExport
        ? packetFormats.map(({ format, route }) => (
            <DownloadLink
              key={format}
              size="xs"
              href={`/api${route.path.replace(':reference', encodeURIComponent(receive.primaryReference))}?${timeZone()}`}
            >
              Claim packet ({format})
            </DownloadLink>
          ))
        : null}
      {mayExport && !claimant.name ? (
        <Text size="sm" c="dimmed" data-testid="no-claimant">
          The packet names no claimant: an administrator sets CLAIMANT_NAME and CLAIMANT_CONTACT.
        </Text>
      ) : null}
    </Group>
  );
}
