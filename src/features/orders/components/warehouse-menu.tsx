import { Alert, Button, Loader, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Order } from '@/contract/order';
import { type OrderShipmentAction, orderShipmentActionsFrom } from '@/contract/sandbox-actions';
import { useRunShipmentAction } from '../api/run-shipment-action';

const actionLabels: Record<OrderShipmentAction, string> = {
  pick: 'Start picking',
  hold: 'Hold',
  release: 'Release hold',
  ship: 'Ship',
  cancel: 'Cancel',
};
const actionOrder: OrderShipmentAction[] = ['pick', 'hold', 'release', 'ship', 'cancel'];

/**
 * Sandbox only: play the warehouse on this order's open shipments, so a demo or a trainee can watch it move.
 */
export function WarehouseMenu({ order }: { order: Order }) {
  const runAction = useRunShipmentAction({
    onSuccess: (_order, request) =>
      notifications.show({ message: `${actionLabels[request.action]}: done`, color: 'teal' }),
  });
  const open = order.shipments.filter((shipment) => orderShipmentActionsFrom(shipment.status).length > 0);
  const idle = open.length === 0;
  // The menu gives focus back to this button after an action, so the button never becomes `disabled`
  // (which would drop focus to the page): busy and "nothing left to do" are announced, not disabled.
  return (
    <>
      {/* No focus placeholder: a focusable non-item inside role=menu fails axe (aria-required-children). */}
      <Menu position="bottom-end" withinPortal disabled={idle} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="outline"
            aria-busy={runAction.isPending}
            aria-disabled={idle || undefined}
            data-disabled={idle}
            rightSection={
              runAction.isPending ? <Loader size={14} color="var(--button-color)" aria-hidden /> : null
            }
          >
            Warehouse (sandbox)
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label="Warehouse actions">
          {open.map((shipment) => (
            <div key={shipment.id}>
              {open.length > 1 ? (
                <Menu.Label>Shipment {order.shipments.indexOf(shipment) + 1}</Menu.Label>
              ) : null}
              {actionOrder.map((action) => (
                <Menu.Item
                  key={action}
                  // Offered by the contract's life-cycle table; the sandbox stays the judge and its refusal
                  // is shown.
                  disabled={
                    runAction.isPending || !orderShipmentActionsFrom(shipment.status).includes(action)
                  }
                  onClick={() => runAction.mutate({ orderId: order.id, shipmentId: shipment.id, action })}
                >
                  {actionLabels[action]}
                  {open.length > 1 ? ` shipment ${order.shipments.indexOf(shipment) + 1}` : ''}
                </Menu.Item>
              ))}
            </div>
          ))}
        </Menu.Dropdown>
      </Menu>
      {runAction.isError ? (
        <Alert color="red" role="alert" title="The warehouse refused">
          <Text size="sm">{runAction.error.message}</Text>
        </Alert>
      ) : null}
    </>
  );
}
