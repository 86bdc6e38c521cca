import { Alert, Text } from '@mantine/core';
import { notFound } from '@tanstack/react-router';
import { CustomerMessageButton } from '@/components/customer-message-button';
import { FreshnessLine } from '@/components/freshness-line';
import { ButtonLink } from '@/components/router-links';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useOrderReturns } from '@/lib/get-order-returns';
import { useProductDescriptions } from '@/lib/get-product-descriptions';
import { useCan } from '@/lib/session';
import { useOrdersByReference, useRefreshOrder } from '../api/get-orders-by-reference';
import { customerStatusText } from '../model/customer-status';
import { orderEditability } from '../model/order-editability';
import { orderProductCodes, shippedAnything } from '../model/shipment-standing';
import { OrderDetails } from './order-details';
import { OrderReturns } from './order-returns';
import { WarehouseMenu } from './warehouse-menu';

/** The order at its own URL (its primary reference, the one key the interface can look an order up by). */
export function OrderDetailPage({ reference }: { reference: string }) {
  const [found] = useOrdersByReference(reference);
  const refresh = useRefreshOrder(reference);
  const config = useConsoleConfig();
  const mayChange = useCan('orders.write');
  const mayReturn = useCan('returns.write');
  // The loader saw it; it can only be missing here if a refresh found it gone.
  if (!found) throw notFound();
  const order = found.record;
  const returns = useOrderReturns(order.primaryReference);
  const editability = orderEditability(order);
  const descriptions = useProductDescriptions(orderProductCodes(order));
  return (
    <OrderDetails
      order={order}
      actions={
        <>
          <CustomerMessageButton
            compose={() =>
              customerStatusText(order, {
                productName: (code) => descriptions.get(code) ?? code,
                nextStep: config.customerNextStep,
              })
            }
          />
          {mayReturn && shippedAnything(order) ? (
            <ButtonLink to="/returns/new" search={{ order: order.primaryReference }} variant="default">
              Start a return
            </ButtonLink>
          ) : null}
          {mayChange && editability.editable ? (
            <ButtonLink to="/orders/$reference/edit" params={{ reference: order.primaryReference }}>
              Correct order
            </ButtonLink>
          ) : null}
          {mayChange && config.mode === 'sandbox' ? <WarehouseMenu order={order} /> : null}
        </>
      }
      notice={<FreshnessLine freshness={found.freshness} refresh={refresh} />}
      returns={<OrderReturns order={order} returns={returns} />}
      editNotice={
        editability.editable ? null : (
          <Alert color="gray" title="This order can no longer be corrected">
            <Text size="sm">{editability.reason}</Text>
          </Alert>
        )
      }
    />
  );
}
