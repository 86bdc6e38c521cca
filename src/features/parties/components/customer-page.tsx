import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { LocalTime } from '@/components/local-time';
import { Pager } from '@/components/pager';
import { RecordHeading } from '@/components/record-heading';
import { AnchorLink } from '@/components/router-links';
import { OrderStateBadge, ReceiveStateBadge } from '@/components/state-badge';
import type { CustomerRecord } from '@/contract/parties';
import { formatNumber } from '@/domain/format';
import { cursorPager } from '@/lib/cursor-pages';
import { useCustomer } from '../api/get-customer';
import { PartyFigure } from './party-figure';

const columns: DataTableColumn<CustomerRecord>[] = [
  {
    key: 'reference',
    header: 'Reference',
    rowHeader: true,
    nowrap: true,
    cell: (record) =>
      record.kind === 'order' ? (
        <AnchorLink to="/orders/$reference" params={{ reference: record.reference }} size="sm">
          {record.reference}
        </AnchorLink>
      ) : (
        <AnchorLink to="/returns/$reference" params={{ reference: record.reference }} size="sm">
          {record.reference}
        </AnchorLink>
      ),
  },
  {
    key: 'kind',
    header: 'What',
    cell: (record) =>
      record.kind === 'order' ? 'Order' : `Return of ${record.originalOrder || 'no order named'}`,
  },
  {
    key: 'state',
    header: 'State',
    answer: true,
    cell: (record) =>
      record.kind === 'order' ? (
        <OrderStateBadge state={record.state} status={record.status} />
      ) : (
        <ReceiveStateBadge state={record.state} status={record.status} />
      ),
  },
  {
    key: 'lines',
    header: 'What it held',
    cell: (record) =>
      record.lines.length === 0
        ? '—'
        : record.lines
            .map(
              (line) =>
                `${formatNumber(line.quantity)} × ${line.productName ? `${line.productName} (${line.productCode})` : line.productCode}`,
            )
            .join(', '),
  },
  {
    key: 'created',
    header: 'Placed',
    nowrap: true,
    cell: (record) => (record.created ? <LocalTime value={record.created} focusable={false} /> : '—'),
  },
];

/** Everything of one customer the console holds: contact details, orders and returns, and how many. */
export function CustomerPage({ customerKey, cursors }: { customerKey: string; cursors: string[] }) {
  const customer = useCustomer(customerKey, cursors.at(-1));
  const pager = cursorPager(cursors, customer.nextCursor);
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          Customer
        </Text>
        <RecordHeading>{customer.name || customerKey}</RecordHeading>
        <Text c="dimmed">
          From the orders and returns the console holds; one customer by email, else by name and postal code.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stack gap={2} component="section" aria-labelledby="customer-contact">
          <Title order={2} size="h4" id="customer-contact">
            Contact
          </Title>
          {customer.email ? <Text>{customer.email}</Text> : null}
          {customer.phone ? <Text>{customer.phone}</Text> : null}
          {customer.address.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Stack>
        <PartyFigure
          label="Orders placed"
          value={formatNumber(customer.ordersPlaced)}
          testId="orders-placed"
          size="h2"
        />
        <PartyFigure
          label="Returns sent"
          value={formatNumber(customer.returnsSent)}
          testId="returns-sent"
          size="h2"
        />
      </SimpleGrid>
      <Group>
        <DataTable
          caption={
            pager.page > 1
              ? `Orders and returns, page ${pager.page}`
              : 'Orders and returns, latest change first'
          }
          columns={columns}
          rows={customer.records}
          rowKey={(record) => `${record.kind}:${record.reference}`}
          empty={<EmptyState title="No more orders or returns" description="Go back to the first page." />}
          footer={<Pager {...pager} />}
        />
      </Group>
    </Stack>
  );
}
