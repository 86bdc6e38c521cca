import { Alert, Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Order } from '../../../contract/order';
import type { OrderShipmentAction } from '../../../contract/sandbox-actions';
import { useRunShipmentAction } from '../api/run-shipment-action';

/**
 * Which statuses each action starts from (decisions.md, shipment life cycle). Only to grey out what the
 * sandbox would refuse; the sandbox stays the judge and its refusal is shown if the two ever disagree.
 */
const actionsFrom: Record<OrderShipmentAction, { label: string; from: string[] }> = {
  pick: { label: 'Start picking', from: ['ENT'] },
  hold: { label: 'Hold', from: ['ENT', 'PIC'] },
  release: { label: 'Release hold', from: ['HEL'] },
  ship: { label: 'Ship', from: ['PIC'] },
  cancel: { label: 'Cancel', from: ['ENT', 'PIC', 'HEL'] },
};
const actionOrder: OrderShipmentAction[] = ['pick', 'hold', 'release', 'ship', 'cancel'];

/** Sandbox only: play the warehouse on this order's open shipments, so a demo or a trainee can watch it move. */
export function WarehouseMenu({ order }: { order: Order }) {
  const runAction = useRunShipmentAction({
    onSuccess: (_order, request) =>
      notifications.show({ message: `${actionsFrom[request.action].label}: done`, color: 'teal' }),
  });
  const open = order.shipments.filter((shipment) => shipment.status !== 'FIN' && shipment.status !== 'CAN');
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="outline" loading={runAction.isPending} disabled={open.length === 0}>
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
                  disabled={!actionsFrom[action].from.includes(shipment.status)}
                  onClick={() => runAction.mutate({ orderId: order.id, shipmentId: shipment.id, action })}
                >
                  {actionsFrom[action].label}
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
