import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, Suspense, useState } from 'react';
import { ExportLinks } from '@/components/export-links';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { LocalTime } from '@/components/local-time';
import { PageSkeleton } from '@/components/page-skeleton';
import { AnchorLink } from '@/components/router-links';
import {
  exportRecallListRoute,
  exportRecallWorkbookRoute,
  type PartTrace,
  type TraceEntry,
} from '@/contract/part-trace';
import { maxTracedValueLength } from '@/contract/traced-value';
import { countOf, formatNumber } from '@/domain/format';
import { usePartTrace } from '../api/get-part-trace';

const movementWords: Record<TraceEntry['movement'], string> = {
  received: 'Came in',
  shipped: 'Shipped',
  returned: 'Came back',
};

function RecordLink({ entry }: { entry: TraceEntry }) {
  const reference = entry.reference;
  if (entry.movement === 'shipped')
    return (
      <AnchorLink to="/orders/$reference" params={{ reference }} size="sm">
        {reference}
      </AnchorLink>
    );
  if (entry.movement === 'returned')
    return (
      <AnchorLink to="/returns/$reference" params={{ reference }} size="sm">
        {reference}
      </AnchorLink>
    );
  return (
    <AnchorLink to="/receives/$reference" params={{ reference }} size="sm">
      {reference}
    </AnchorLink>
  );
}

const columns: DataTableColumn<TraceEntry>[] = [
  {
    key: 'date',
    header: 'When',
    cell: (entry) => (entry.date ? <LocalTime value={entry.date} focusable={false} /> : 'Being picked'),
  },
  {
    key: 'movement',
    header: 'What happened',
    cell: (entry) =>
      entry.movement === 'shipped' && !entry.date ? 'On its way out' : movementWords[entry.movement],
  },
  { key: 'reference', header: 'Record', cell: (entry) => <RecordLink entry={entry} /> },
  { key: 'product', header: 'Product', cell: (entry) => entry.productCode },
  { key: 'quantity', header: 'Units', numeric: true, cell: (entry) => formatNumber(entry.quantity) },
  {
    key: 'party',
    header: 'Supplier or customer',
    cell: (entry) => (
      <Stack gap={0}>
        <Text size="sm">{entry.party || '—'}</Text>
        {entry.email || entry.phone ? (
          <Text size="xs" c="dimmed">
            {[entry.email, entry.phone].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'detail',
    header: 'Details',
    cell: (entry) =>
      [
        entry.trackingNumber && `Tracking ${entry.trackingNumber}`,
        entry.originalOrder && `From order ${entry.originalOrder}`,
        ...entry.otherAttributes.map((attribute) => `${attribute.key} ${attribute.value}`),
      ]
        .filter(Boolean)
        .join(' · ') || '—',
  },
];

/** Received, shipped, returned, and what no record accounts for, in one sentence each. */
function TraceSummary({ trace }: { trace: PartTrace }) {
  // A customer is a name and email; an order to nobody named counts as one of its own.
  const customers = new Set(
    trace.entries
      .filter((entry) => entry.movement === 'shipped' && entry.date)
      .map((entry) => (entry.party || entry.email ? `${entry.party}\u0000${entry.email}` : entry.reference)),
  ).size;
  const unaccounted =
    trace.unaccounted >= 0
      ? `${formatNumber(trace.unaccounted)} not accounted for: still in the warehouse, or gone where no record says.`
      : `${formatNumber(-trace.unaccounted)} more shipped than the receives the console holds brought in.`;
  return (
    <Text data-testid="trace-summary">
      Received {formatNumber(trace.received)} · shipped {formatNumber(trace.shipped)} to{' '}
      {countOf(customers, 'customer')} · returned {formatNumber(trace.returned)}. {unaccounted}
    </Text>
  );
}

function TraceResults({ value }: { value: string }) {
  const trace = usePartTrace(value);
  if (trace.entries.length === 0)
    return (
      <EmptyState
        title={`No order, receive or return holds “${value}”`}
        description="Lots and serial numbers are matched whole; upper or lower case does not matter. Records the warehouse has not sent the console yet are not traced."
      />
    );
  const recipients = trace.entries.filter((entry) => entry.movement === 'shipped' && entry.date).length;
  return (
    <Stack gap="sm">
      <TraceSummary trace={trace} />
      {trace.truncated ? (
        <Alert color="yellow" title="More records hold this value than one trace reads">
          The first {countOf(trace.entries.length, 'movement')} are shown, oldest change first. Export the
          recall list from a narrower value, or ask for a full export.
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <ExportLinks
          route={exportRecallListRoute}
          workbookRoute={exportRecallWorkbookRoute}
          filters={{ q: value }}
          total={recipients}
        />
      </Group>
      <DataTable
        caption={`Where ${value} went`}
        columns={columns}
        rows={trace.entries}
        rowKey={(entry) =>
          `${entry.movement}:${entry.reference}:${entry.productCode}:${entry.quantity}:${entry.date ?? ''}:${entry.otherAttributes.map((attribute) => attribute.value).join(',')}`
        }
        empty={null}
      />
    </Stack>
  );
}

/**
 * A lot or serial number from the receive that brought it in to the customers its shipments went to and
 * the returns that brought it back, with the recall list to export.
 */
export function TracePage({ value }: { value: string }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState(value);
  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate({ to: '/trace', search: { q: typed.trim() || undefined } });
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Trace a lot or serial number</Title>
        <Text c="dimmed">Which receive brought it in, which customers got it, and what came back.</Text>
      </div>
      <form onSubmit={submit} aria-label="Trace">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Lot or serial number"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={maxTracedValueLength}
            autoComplete="off"
            w={280}
          />
          <Button type="submit">Trace</Button>
        </Group>
      </form>
      {value ? (
        <Suspense key={value} fallback={<PageSkeleton />}>
          <TraceResults value={value} />
        </Suspense>
      ) : (
        <EmptyState
          title="Nothing traced yet"
          description="Type a lot or a serial number as the warehouse captured it, for a recall or a customer's question."
        />
      )}
    </Stack>
  );
}
