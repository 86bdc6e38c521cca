import { Fieldset, SegmentedControl, SimpleGrid, Stack, Text, useMatches } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/form/controlled-fields';
import { TextField } from '@/components/form/registered-fields';
import { type CarrierChoice, carrierChoices, type OrderFormValues } from '../model/order-form';

const carrierExplanations: Record<CarrierChoice, string> = {
  rateGroup:
    'The warehouse shops the rates of this group and books the carrier; you see it in the tracking once shipped.',
  transportDetail: 'You name the carrier and service level. A rate group cannot be sent with it.',
  warehouse: 'No carrier is sent: the warehouse uses its default for this account.',
};

/** How the carrier is chosen, and only the inputs of that choice. */
export function CarrierFieldset({ rateGroups }: { rateGroups: string[] }) {
  const { control } = useFormContext<OrderFormValues>();
  const carrierChoice = useWatch({ control, name: 'carrierChoice' });
  // Side by side the three choices need about 440 px: a phone stacks them.
  const stacked = useMatches({ base: true, xs: false });
  return (
    <Fieldset legend="Carrier">
      <Stack gap="sm">
        <Controller
          control={control}
          name="carrierChoice"
          render={({ field }) => (
            <div>
              <Text id="carrier-choice-label" size="sm" fw={500} mb={4}>
                How is the carrier chosen?
              </Text>
              <SegmentedControl
                aria-labelledby="carrier-choice-label"
                data={carrierChoices.map((choice) => ({ value: choice.value, label: choice.label }))}
                orientation={stacked ? 'vertical' : 'horizontal'}
                fullWidth={stacked}
                value={field.value}
                onChange={(value) => field.onChange(value as CarrierChoice)}
              />
            </div>
          )}
        />
        <Text size="sm" c="dimmed" id="carrier-explanation">
          {carrierExplanations[carrierChoice]} The interface accepts a rate group or a carrier, never both, so
          only the option chosen here is sent.
        </Text>
        {carrierChoice === 'rateGroup' ? (
          <SelectField name="rateGroup" label="Rate group" withAsterisk data={rateGroups} maw={320} />
        ) : null}
        {carrierChoice === 'transportDetail' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              name="transportDetail.carrierCode"
              alsoShowsErrorOf="transportDetail"
              label="Carrier code"
              withAsterisk
              description="For example UPS, FEDEX, USPS, DHL"
            />
            <TextField
              name="transportDetail.serviceLevelCode"
              label="Service level code"
              withAsterisk
              description="For example GND"
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
