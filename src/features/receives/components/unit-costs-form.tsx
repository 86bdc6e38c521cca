import { Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { BusySubmitButton } from '@/components/form/busy-submit-button';
import { NumberField } from '@/components/form/controlled-fields';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { numberInputSchema } from '@/components/form/number-input-schema';
import { useZodForm } from '@/components/form/use-zod-form';
import type { Receive } from '@/contract/receive';
import type { UnitCost } from '@/contract/unit-costs';
import { formatDate, formatPrice } from '@/domain/format';
import type { LineCompleteness } from '@/domain/receive-completeness';
import { lineName, lineTitle } from '@/domain/receive-discrepancies';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useCan } from '@/lib/session';
import { useSetUnitCosts, useUnitCosts } from '../api/unit-costs';

const unitCostsFormSchema = z.object({
  costs: z.array(
    z.object({
      unitCost: numberInputSchema(
        z
          .number({ error: 'Enter a number, or leave it empty for the product’s price' })
          .min(0, 'A unit cost cannot be negative')
          .optional(),
      ),
    }),
  ),
});

const costKey = (line: { line: string; productCode: string }) => `${line.line}\u0000${line.productCode}`;

/** The form, once the costs held are known: a box a line short or over, filled with its cost. */
function UnitCostsFields({
  reference,
  lines,
  held,
  descriptions,
}: {
  reference: string;
  lines: LineCompleteness[];
  held: UnitCost[];
  descriptions: ReadonlyMap<string, string>;
}) {
  const { priceCurrency } = useConsoleConfig();
  const byLine = new Map(held.map((cost) => [costKey(cost), cost]));
  const heldOf = (line: LineCompleteness) =>
    byLine.get(costKey({ line: lineName(line), productCode: line.productCode }));
  const form = useZodForm(unitCostsFormSchema, {
    defaultValues: { costs: lines.map((line) => ({ unitCost: heldOf(line)?.unitCost ?? '' })) },
  });
  const [saved, setSaved] = useState(false);
  const save = useSetUnitCosts({ onSuccess: () => setSaved(true) });
  const submit = async ({ costs }: z.output<typeof unitCostsFormSchema>) => {
    setSaved(false);
    const changes = lines.map((line, index) => ({
      line: lineName(line),
      productCode: line.productCode,
      unitCost: costs[index]?.unitCost ?? null,
      currency: heldOf(line)?.currency ?? priceCurrency,
    }));
    const stored = new Map(
      (await save.mutateAsync({ reference, costs: changes })).map((cost) => [costKey(cost), cost]),
    );
    // What is kept now is what the form starts from: nothing left unsaved.
    form.reset({
      costs: changes.map((change) => ({ unitCost: stored.get(costKey(change))?.unitCost ?? '' })),
    });
  };
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="sm">
        {lines.map((line, index) => {
          const cost = heldOf(line);
          const name = descriptions.get(line.productCode);
          return (
            <NumberField
              key={line.key}
              name={`costs.${index}.unitCost`}
              label={`${lineTitle(line)}${name ? ` (${name})` : ''}: cost of a unit, ${cost?.currency ?? priceCurrency}`}
              description={
                cost
                  ? `${formatPrice(cost.unitCost, cost.currency)}, entered by ${cost.enteredBy} on ${formatDate(cost.enteredAt)}. Empty: the product’s price counts.`
                  : 'Empty: the claim counts the product’s price.'
              }
              min={0}
              decimalScale={4}
              maw={420}
            />
          );
        })}
        <FormFailureAlert title="The unit costs were not saved" />
        <BusySubmitButton busy={form.formState.isSubmitting} variant="default" w="fit-content">
          Save unit costs
        </BusySubmitButton>
        {saved ? (
          <Text size="sm" role="status">
            Saved: the claim packet prices these lines at them.
          </Text>
        ) : null}
      </Stack>
    </Form>
  );
}

/**
 * Beside a receive's lines short or over, for the roles that announce receives: what a unit of each cost
 * from the supplier, which its claim packet prices the line at instead of the product's price.
 */
export function UnitCostsForm({
  receive,
  lines,
  descriptions,
}: {
  receive: Receive;
  lines: LineCompleteness[];
  descriptions: ReadonlyMap<string, string>;
}) {
  const mayEnter = useCan('receives.write');
  const discrepant = lines.filter((line) => line.state === 'short' || line.state === 'over');
  const held = useUnitCosts(receive.primaryReference);
  if (!mayEnter || discrepant.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="unit-costs-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="unit-costs-heading">
          Unit costs for the claim
        </Title>
        <Text size="sm" c="dimmed">
          What the supplier charged a unit of each line short or over. The claim packet prices the line at it,
          else at the product’s price.
        </Text>
        {held ? (
          <UnitCostsFields
            reference={receive.primaryReference}
            lines={discrepant}
            held={held}
            descriptions={descriptions}
          />
        ) : (
          <Text size="sm">Reading the costs entered…</Text>
        )}
      </Stack>
    </Card>
  );
}
