import { Fieldset, Stack } from '@mantine/core';
import { SelectField } from '@/components/form/controlled-fields';
import { TextareaField } from '@/components/form/registered-fields';
import { incoterms } from '@/contract/incoterms';

const incotermOptions = incoterms.map((term) => ({
  value: term.code,
  label: `${term.code} — ${term.meaning}`,
}));

/**
 * The Incoterm and the note for the warehouse. An Incoterm the order holds that our list lacks is offered
 * too, so the field shows it rather than a blank.
 */
export function TradeTermsFieldset({ heldIncoterm }: { heldIncoterm: string }) {
  const choices =
    heldIncoterm && !incotermOptions.some((option) => option.value === heldIncoterm)
      ? [
          ...incotermOptions,
          { value: heldIncoterm, label: `${heldIncoterm} — as on the order (not in the list)` },
        ]
      : incotermOptions;
  return (
    <Fieldset legend="Trade terms and notes">
      <Stack gap="sm">
        <SelectField
          name="forwardingData.incoTerm"
          label="Incoterm"
          description="Who pays for and bears the risk of transport"
          data={choices}
          searchable
          clearable
          maw={480}
        />
        <TextareaField name="note" label="Note for the warehouse" autosize minRows={2} />
      </Stack>
    </Fieldset>
  );
}
