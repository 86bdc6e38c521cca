import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Receive } from '@/contract/receive';
import { receiveShipmentActionsFrom } from '@/contract/sandbox-actions';
import type { LineCompleteness } from '@/domain/receive-completeness';
import { isApiError } from '@/lib/api-error';
import { useRunReceiveShipmentAction } from '../api/run-receive-shipment-action';

/**
 * Sandbox only: plays the warehouse on the receive's open shipment (receive goods, finalize, cancel), so the
 * completeness above can be watched changing. A real warehouse does this on its own.
 */
export function SandboxWarehousePanel({ receive, lines }: { receive: Receive; lines: LineCompleteness[] }) {
  // The first shipment the warehouse can still act on, by the contract's life-cycle table.
  const openShipment = receive.shipments.find(
    (shipment) => receiveShipmentActionsFrom(shipment.status).length > 0,
  );
  const announcedLines = lines.filter((line) => !line.unannounced);
  const [quantities, setQuantities] = useState<Record<string, number | string>>({});
  const action = useRunReceiveShipmentAction({ onSuccess: () => setQuantities({}) });

  if (!openShipment) return null;
  const run = (name: 'receive' | 'finalize' | 'cancel', body?: Parameters<typeof action.mutate>[0]['body']) =>
    action.mutate({ receiveId: receive.id, shipmentId: openShipment.id, action: name, body });
  const partLines = announcedLines
    .map((line) => ({ line, quantity: Number(quantities[line.key] ?? 0) }))
    .filter(({ quantity }) => quantity > 0)
    .map(({ line, quantity }) => ({ lineNumber: line.lineNumber, productCode: line.productCode, quantity }));

  return (
    <Card withBorder component="section" aria-labelledby="sandbox-warehouse-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sandbox-warehouse-heading">
          Warehouse actions (sandbox)
        </Title>
        <Text size="sm" c="dimmed">
          Act as the warehouse on shipment {openShipment.id}. Only available against the embedded sandbox.
        </Text>
        <Group align="flex-end" gap="sm">
          {announcedLines.map((line) => (
            <NumberInput
              key={line.key}
              label={`Receive ${line.productCode}${line.lineNumber ? `, line ${line.lineNumber}` : ''}`}
              min={0}
              w={200}
              value={quantities[line.key] ?? ''}
              onChange={(value) => setQuantities((current) => ({ ...current, [line.key]: value }))}
            />
          ))}
          <Button
            variant="default"
            disabled={partLines.length === 0 || action.isPending}
            onClick={() => run('receive', { receiveLines: partLines })}
          >
            Receive these quantities
          </Button>
        </Group>
        <Group gap="sm">
          <Button variant="default" disabled={action.isPending} onClick={() => run('receive')}>
            Receive everything outstanding
          </Button>
          <Button variant="default" disabled={action.isPending} onClick={() => run('finalize')}>
            Finalize shipment
          </Button>
          <Button variant="default" color="red" disabled={action.isPending} onClick={() => run('cancel')}>
            Cancel shipment
          </Button>
        </Group>
        {action.error ? (
          <Alert color="red" variant="outline" title="The warehouse action failed" role="alert">
            {isApiError(action.error)
              ? action.error.errors.map((item) => item.detail ?? item.title).join(' ')
              : String(action.error)}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
