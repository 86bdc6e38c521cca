import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useFieldError } from '@/components/form/field-errors';
import { inputWrapperOrder, TextField } from '@/components/form/registered-fields';
import { WarehouseField } from '@/components/form/warehouse-field';
import { AnchorLink } from '@/components/router-links';
import type { Order } from '@/contract/order';
import type { TakenReference } from '../model/return-form';

/**
 * The RMA reference, offered as the next free one. A reference another return (or receive) already has is
 * said on the field in words, with a link to that record.
 */
function ReturnReferenceField({ suggested, taken }: { suggested?: string; taken: TakenReference | null }) {
  const { register } = useFormContext();
  const message = useFieldError('primaryReference');
  const shown = taken && message === taken.message ? taken : null;
  return (
    <TextInput
      inputWrapperOrder={inputWrapperOrder}
      label="RMA reference"
      withAsterisk
      autoComplete="off"
      description={
        suggested
          ? `${suggested} is the next free one; any other unique reference will do. It cannot be changed later.`
          : 'Unique; it cannot be changed later'
      }
      {...register('primaryReference')}
      error={
        shown ? (
          <>
            {shown.message}:{' '}
            <AnchorLink
              to={shown.kind === 'return' ? '/returns/$reference' : '/receives/$reference'}
              params={{ reference: shown.reference }}
              inherit
              c="inherit"
              underline="always"
            >
              open {shown.reference}
            </AnchorLink>
            , or use another reference.
          </>
        ) : (
          message
        )
      }
    />
  );
}

/**
 * Where the return goes (the order's warehouse unless another is chosen), its RMA reference, and the
 * parcel's tracking and ETA.
 */
export function ReturnDetailsFieldset({
  warehouses,
  order,
  suggestedReference,
  taken,
}: {
  warehouses: string[];
  order: Order | null;
  suggestedReference?: string;
  taken: TakenReference | null;
}) {
  return (
    <Fieldset legend="Return">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WarehouseField
          warehouses={warehouses}
          held={order?.warehouseCode}
          description={
            order?.warehouseCode ? `${order.primaryReference} shipped from ${order.warehouseCode}` : undefined
          }
        />
        <ReturnReferenceField suggested={suggestedReference} taken={taken} />
        <TextField
          name="transportReference"
          label="Return tracking"
          description="The parcel's tracking number, if known"
        />
        <TextField name="eta" type="date" label="ETA" />
      </SimpleGrid>
    </Fieldset>
  );
}
