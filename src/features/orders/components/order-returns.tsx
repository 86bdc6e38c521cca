import { Card, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { ReceiveStateBadge } from '@/components/state-badge';
import type { Order } from '@/contract/order';
import type { Receive } from '@/contract/receive';
import { returnReasonsOf } from '@/contract/return-references';
import { formatFirstOf, formatNumber } from '@/domain/format';
import { computeReceiveCompleteness, type ReceiveCompleteness } from '@/domain/receive-completeness';
import { returnAllowance } from '@/domain/return-allowance';

type ReturnRow = { receive: Receive; completeness: ReceiveCompleteness };

/** "1 × TAB-12-256, 2 × TEE-M" of the units each line counts, products without any left out. */
function unitsInWords(
  completeness: ReceiveCompleteness,
  quantity: (line: ReceiveCompleteness['lines'][number]) => number,
) {
  const units = completeness.lines
    .filter((line) => quantity(line) > 0)
    .map((line) => `${formatNumber(quantity(line))} × ${line.productCode}`);
  return units.length > 0 ? formatFirstOf(units) : 'None';
}

const columns: DataTableColumn<ReturnRow>[] = [
  {
    key: 'reference',
    header: 'Return',
    cell: ({ receive }) => (
      <AnchorLink fw={600} fz="sm" to="/returns/$reference" params={{ reference: receive.primaryReference }}>
        {receive.primaryReference}
      </AnchorLink>
    ),
  },
  {
    key: 'state',
    header: 'State',
    cell: ({ receive, completeness }) => (
      <ReceiveStateBadge state={completeness.state} eta={receive.eta} status={receive.status} />
    ),
  },
  {
    key: 'announced',
    header: 'Announced back',
    cell: ({ completeness }) => unitsInWords(completeness, (line) => (line.unannounced ? 0 : line.announced)),
  },
  {
    key: 'received',
    header: 'Received back',
    cell: ({ completeness }) => unitsInWords(completeness, (line) => line.received),
  },
  {
    key: 'reason',
    header: 'Reason',
    cell: ({ receive }) => [...new Set(returnReasonsOf(receive))].join('; ') || '—',
  },
  {
    key: 'created',
    header: 'Created',
    cell: ({ receive }) => (receive.dateCreated ? <LocalTime value={receive.dateCreated} /> : '—'),
  },
];

/**
 * The order's returns with where each stands, and per product how much of what shipped they announce back
 * together: what the order can still take back is one look away.
 */
export function OrderReturns({ order, returns }: { order: Order; returns: readonly Receive[] }) {
  const rows = returns.map((receive) => ({ receive, completeness: computeReceiveCompleteness(receive) }));
  const claimed = returnAllowance(order, returns)
    .filter((product) => product.claimed > 0)
    .map(
      (product) =>
        `${formatNumber(product.claimed)} of ${formatNumber(product.shipped)} × ${product.productCode} shipped`,
    );
  return (
    <Card withBorder component="section" aria-labelledby="order-returns-heading">
      <Title order={2} size="h4" id="order-returns-heading" mb="sm">
        Returns ({formatNumber(returns.length)})
      </Title>
      <Stack gap="sm">
        {claimed.length > 0 ? (
          <Text size="sm" data-testid="returned-units">
            <Text span fw={600} size="sm">
              Coming back:{' '}
            </Text>
            {formatFirstOf(claimed)}
          </Text>
        ) : null}
        <DataTable
          caption={`The returns of order ${order.primaryReference}`}
          columns={columns}
          rows={rows}
          rowKey={({ receive }) => receive.primaryReference}
          empty={<Text c="dimmed">No return names this order.</Text>}
        />
      </Stack>
    </Card>
  );
}
