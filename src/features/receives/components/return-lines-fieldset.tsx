import { Autocomplete, type AutocompleteProps, Fieldset, Group, Stack, Text } from '@mantine/core';
import { NumberField, useControlledField } from '@/components/form/controlled-fields';
import { ListError } from '@/components/form/list-error';
import { type BoundProps, inputWrapperOrder } from '@/components/form/registered-fields';
import { commonReturnReasons } from '@/contract/return-references';
import { formatQuantity } from '@/domain/code-words';

/** A reason from the common ones, or any other words. */
function ReasonField({ name, ...props }: BoundProps<AutocompleteProps>) {
  const field = useControlledField(name);
  return (
    <Autocomplete
      inputWrapperOrder={inputWrapperOrder}
      data={[...commonReturnReasons]}
      {...props}
      {...field}
    />
  );
}

type ShippedLine = {
  id: string;
  productCode: string;
  quantityUnit: string;
  shipped: number;
  claimed: number;
  claimedBy: string[];
};

/** An order none of whose lines shipped: not yet while it is open, never once it is finished or canceled. */
export function nothingShippedText(orderFinished: boolean): string {
  return orderFinished
    ? 'Nothing of this order shipped, so nothing can come back.'
    : 'Nothing of this order has shipped yet.';
}

/** The original order's shipped lines: how much of each comes back (none by default) and why. */
export function ReturnLinesFieldset({
  rows,
  orderFinished,
}: {
  rows: ShippedLine[];
  /** Every shipment of the order is shipped or canceled: nothing more will ship. */
  orderFinished: boolean;
}) {
  return (
    <Fieldset legend="What comes back">
      <Stack gap="lg">
        <ListError name="lines" />
        {rows.length === 0 ? <Text c="dimmed">{nothingShippedText(orderFinished)}</Text> : null}
        {rows.map((row, index) => (
          <Group key={row.id} align="flex-start" wrap="wrap" data-testid="return-line">
            <Stack gap={0} style={{ flex: '1 1 200px' }}>
              <Text fw={600}>{row.productCode}</Text>
              <Text size="sm" c="dimmed">
                {formatQuantity(row.shipped, row.quantityUnit)} shipped
              </Text>
              {row.claimed > 0 ? (
                <Text size="sm" c="dimmed">
                  {formatQuantity(row.claimed, row.quantityUnit)} already coming back with{' '}
                  {row.claimedBy.join(', ')}
                </Text>
              ) : null}
            </Stack>
            <NumberField
              name={`lines.${index}.quantity`}
              label={`${row.productCode} quantity back`}
              min={0}
              style={{ flex: '1 1 200px' }}
            />
            <ReasonField
              name={`lines.${index}.reason`}
              label={`${row.productCode} reason`}
              placeholder="Choose or type a reason"
              style={{ flex: '1 1 200px' }}
            />
          </Group>
        ))}
      </Stack>
    </Fieldset>
  );
}
