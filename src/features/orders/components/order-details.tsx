import { Alert, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AllFields } from '@/components/all-fields';
import { HeadingReference } from '@/components/heading-reference';
import { RecordPageHeader } from '@/components/record-page-header';
import { OrderStateBadge } from '@/components/state-badge';
import { TechnicalDetails } from '@/components/technical-details';
import type { Order } from '@/contract/order';
import { deriveOrderState, holdReason, orderStateWords } from '@/domain/record-states';
import { useProductDescriptions } from '@/lib/get-product-descriptions';
import { useRecentlyChanged } from '@/lib/recent-changes';
import { canceledUnits, orderProductCodes } from '../model/shipment-standing';
import { OrderCustomer } from './order-customer';
import { OrderLinesTable } from './order-lines-table';
import { OrderShipment } from './order-shipment';
import { OrderShipmentsGlance } from './order-shipments-glance';
import { OrderSummary } from './order-summary';

type OrderDetailsProps = {
  order: Order;
  /** Edit link or the reason it cannot be edited, and the sandbox warehouse menu: chosen by the route. */
  actions?: ReactNode;
  /** How fresh the page is: under the header. */
  notice?: ReactNode;
  /** Why it can no longer be corrected: after the answers, since it is rarely the question. */
  editNotice?: ReactNode;
  /** The returns that name it: after its lines. */
  returns?: ReactNode;
};

/**
 * The order page's content, answers first: its state and any hold, where each shipment stands (the tracking
 * first of the page's controls) and what is still owed; then how fresh it is and what can be done with it,
 * lines ordered against shipped, the order's facts, each shipment's timeline, and its ids.
 */
export function OrderDetails({ order, actions, notice, editNotice, returns }: OrderDetailsProps) {
  // The server pushed a change of this order a moment ago: its state and shipments are marked.
  const changed = useRecentlyChanged('order', order.primaryReference);
  const mark = `live-mark${changed ? ' recently-changed' : ''}`;
  const { state } = deriveOrderState(order);
  // One request for every code on the page: the order's lines and whatever its shipments sent.
  const descriptions = useProductDescriptions(orderProductCodes(order));
  const reason = state === 'held' ? holdReason(order) : null;
  return (
    <Stack gap="lg">
      <RecordPageHeader
        title={
          <>
            Order <HeadingReference reference={order.primaryReference} />
          </>
        }
        badge={
          <OrderStateBadge
            state={state}
            requiredShipDate={order.requiredShipDate}
            status={order.status}
            canceledUnits={state === 'canceled' ? 0 : canceledUnits(order)}
          />
        }
        changed={changed}
        className={mark}
      >
        <OrderCustomer order={order} />
      </RecordPageHeader>
      {state === 'held' ? (
        <Alert color="orange" variant="light" title={orderStateWords.held.label}>
          {reason ?? 'The warehouse gave no reason.'}
        </Alert>
      ) : null}
      {/* Right after the heading, before any control: the tracking's copy button is the first Tab stop. */}
      <div className={mark}>
        <OrderShipmentsGlance order={order} canceled={state === 'canceled'} descriptions={descriptions} />
      </div>
      <Group justify="space-between" align="center" gap="sm">
        {notice}
        <Group gap="sm">{actions}</Group>
      </Group>
      {editNotice}
      <Card withBorder component="section" aria-labelledby="order-lines-heading">
        <Title order={2} size="h4" id="order-lines-heading" mb="sm">
          Lines
        </Title>
        <OrderLinesTable order={order} descriptions={descriptions} />
      </Card>
      {returns}
      <OrderSummary order={order} />
      <Stack component="section" aria-labelledby="order-timelines-heading" gap="md" className={mark}>
        <Title order={2} size="h4" id="order-timelines-heading">
          Milestones and packages ({order.shipments.length})
        </Title>
        {order.shipments.map((shipment, index) => (
          <OrderShipment
            key={shipment.id}
            shipment={shipment}
            position={index + 1}
            count={order.shipments.length}
            descriptions={descriptions}
          />
        ))}
      </Stack>
      <TechnicalDetails items={[{ label: 'Order id', value: order.id }]} />
      <AllFields record={order} label={`order ${order.primaryReference}`} />
    </Stack>
  );
}
