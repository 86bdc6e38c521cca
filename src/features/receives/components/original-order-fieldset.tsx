import { Button, Fieldset, Group, Text } from '@mantine/core';
import { TextField } from '@/components/form/registered-fields';
import type { Order } from '@/contract/order';

const isOrderField = (target: EventTarget) =>
  target instanceof HTMLInputElement && target.name === 'originalOrder';

/** The reference of the order sent back, looked up by `onFind`, and who it was shipped to once found. */
export function OriginalOrderFieldset({
  order,
  onFind,
}: {
  order: Order | null;
  onFind: () => Promise<unknown>;
}) {
  return (
    <Fieldset legend="Original order">
      {/* Leaving the field looks the order up, so its lines show before anything else is typed. */}
      <Group align="flex-start" wrap="wrap" onBlur={(event) => isOrderField(event.target) && onFind()}>
        <TextField
          name="originalOrder"
          label="Original order reference"
          withAsterisk
          autoComplete="off"
          description="The order the customer is sending back"
          style={{ flex: '1 1 240px' }}
        />
        <Button variant="default" mt={{ base: 0, sm: 24 }} onClick={() => void onFind()}>
          Find order
        </Button>
      </Group>
      {order ? (
        <Text size="sm" mt="xs">
          Shipped to{' '}
          {order.shipToAddress?.contact?.personName ||
            order.shipToAddress?.address?.organization ||
            'the customer'}
          , who sends the return.
        </Text>
      ) : null}
    </Fieldset>
  );
}
