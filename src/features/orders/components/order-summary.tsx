import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { AddressBlock } from '@/components/address-block';
import { CustomerLink } from '@/components/party-links';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import { incotermMeaning } from '@/contract/incoterms';
import type { Order } from '@/contract/order';
import { carrierServiceInWords, rateGroupInWords } from '@/domain/code-words';
import { carrierInWords } from '../model/carrier-tracking-url';

/** The carrier asked for in words, its codes one look away. */
function CarrierChoice({ order }: { order: Order }) {
  if (order.rateGroup) {
    const group = rateGroupInWords(order.rateGroup);
    return (
      <>
        Rate group <span title={`Rate group code ${group.code}`}>{group.words}</span> (the warehouse picks the
        carrier)
      </>
    );
  }
  const transport = order.transportDetail;
  if (transport?.carrierCode || transport?.serviceLevelCode) {
    const shown = carrierServiceInWords(carrierInWords(transport.carrierCode), transport.serviceLevelCode);
    const codes = [transport.carrierCode, transport.serviceLevelCode].filter(Boolean).join(' ');
    return <span title={`Codes ${codes}`}>{shown.words}</span>;
  }
  return <>The warehouse decides</>;
}

function incoterm(order: Order): string {
  const code = order.forwardingData?.incoTerm;
  if (!code) return '—';
  const meaning = incotermMeaning(code);
  return meaning ? `${code}: ${meaning}` : code;
}

/** Everything about the order except its lines and shipments. */
export function OrderSummary({ order }: { order: Order }) {
  const references = [
    { label: 'Primary reference', value: order.primaryReference },
    { label: 'Secondary reference', value: order.secondaryReference },
    ...order.additionalReferences.map((reference) => ({ label: reference.key, value: reference.value })),
  ];
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder component="section" aria-labelledby="order-facts-heading" h="100%">
          <Title order={2} size="h4" id="order-facts-heading" mb="sm">
            Order
          </Title>
          <KeyValueList
            columns={2}
            items={[
              ...references,
              { label: 'Warehouse', value: order.warehouseCode },
              { label: 'Job-costing branch', value: order.jobCosting?.branch },
              { label: 'Created', value: <LocalTime value={order.dateCreated} /> },
              { label: 'Last updated', value: <LocalTime value={order.dateLastUpdated} /> },
              { label: 'Required ship date', value: <LocalTime value={order.requiredShipDate} dayValued /> },
              { label: 'Carrier', value: <CarrierChoice order={order} /> },
              { label: 'Incoterm', value: incoterm(order) },
            ]}
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack h="100%">
          <Card withBorder component="section" aria-labelledby="order-ship-to-heading">
            <Title order={2} size="h4" id="order-ship-to-heading" mb="sm">
              Ship to
            </Title>
            <AddressBlock value={order.shipToAddress} />
            <CustomerLink block={order.shipToAddress}>Every order and return of this customer</CustomerLink>
          </Card>
          <Card withBorder component="section" aria-labelledby="order-notes-heading">
            <Title order={2} size="h4" id="order-notes-heading" mb="sm">
              Notes
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{order.note || 'No note for the warehouse.'}</Text>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
