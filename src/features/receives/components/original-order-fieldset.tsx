import { Button, Fieldset, Group, List, Stack, Text } from '@mantine/core';
import { TextField } from '@/components/form/registered-fields';
import { MatchSummary } from '@/components/match-summary';
import type { Order } from '@/contract/order';
import type { OrderChoices } from './use-original-order';

const isOrderField = (target: EventTarget) =>
  target instanceof HTMLInputElement && target.name === 'originalOrder';

/** The orders a search found when several could be meant, each with its facts and a button to take it. */
function OrderChoiceList({
  choices,
  onChoose,
}: {
  choices: OrderChoices;
  onChoose: (reference: string) => void;
}) {
  return (
    <List listStyleType="none" spacing="sm" mt="sm" aria-label={`Orders matching “${choices.q}”`}>
      {choices.found.matches.map((match) => (
        <List.Item key={match.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm">
                {match.primaryReference}
              </Text>
              <MatchSummary match={match} q={choices.q} />
            </Stack>
            <Button
              variant="default"
              onClick={() => onChoose(match.primaryReference)}
              aria-label={`Return from ${match.primaryReference}`}
            >
              Choose
            </Button>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The order sent back, found by `onFind` from its reference, web order number or the customer's email
 * (the orders the search found when several could be meant, to choose from), and who it was shipped to.
 */
export function OriginalOrderFieldset({
  order,
  onFind,
  choices,
  onChoose,
}: {
  order: Order | null;
  onFind: () => Promise<unknown>;
  choices: OrderChoices | null;
  onChoose: (reference: string) => Promise<void>;
}) {
  return (
    <Fieldset legend="Original order">
      {/* Leaving the field looks the order up, so its lines show before anything else is typed. */}
      <Group align="flex-start" wrap="wrap" onBlur={(event) => isOrderField(event.target) && onFind()}>
        <TextField
          name="originalOrder"
          label="Original order"
          withAsterisk
          autoComplete="off"
          description="Its reference or web order number, or the customer’s email or name"
          style={{ flex: '1 1 240px' }}
        />
        <Button variant="default" mt={{ base: 0, sm: 24 }} onClick={() => void onFind()}>
          Find order
        </Button>
      </Group>
      {choices && !order ? (
        <OrderChoiceList choices={choices} onChoose={(reference) => void onChoose(reference)} />
      ) : null}
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
