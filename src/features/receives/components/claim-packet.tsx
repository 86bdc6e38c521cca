import { Group, Text } from '@mantine/core';
import { DownloadLink } from '@/components/download-link';
import { claimPacketCsvRoute, claimPacketPdfRoute } from '@/contract/claim-packet';
import type { Receive } from '@/contract/receive';
import { claimWindowOf, claimWindowWords } from '@/domain/claim-window';
import { finishedAt } from '@/domain/finished-time';
import type { ReceiveCompleteness } from '@/domain/receive-completeness';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useCan } from '@/lib/session';

const packetFormats = [
  { format: 'PDF', route: claimPacketPdfRoute },
  { format: 'CSV', route: claimPacketCsvRoute },
] as const;

/**
 * Beside what was short or over: the days left to claim it from the supplier, counted from when the warehouse
 * finalized it (as the index does), and the claim packet to send, which any receive has on demand.
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
  const { claimWindowDays } = useConsoleConfig();
  const mayExport = useCan('exports.download');
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
              href={`/api${route.path.replace(':reference', encodeURIComponent(receive.primaryReference))}`}
            >
              Claim packet ({format})
            </DownloadLink>
          ))
        : null}
    </Group>
  );
}
