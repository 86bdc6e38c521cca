import {
  NumberInput,
  type NumberInputProps,
  Radio,
  type RadioGroupProps,
  Select,
  type SelectProps,
  Stack,
} from '@mantine/core';
import { useController } from 'react-hook-form';
import { useFieldError } from './field-errors';
import { type BoundProps, inputWrapperOrder } from './registered-fields';

/**
 * What binds a Mantine input that holds its value itself to the form: name, value, change, blur, ref, error.
 */
export function useControlledField(name: string, alsoShowsErrorOf?: string) {
  const { field } = useController({ name });
  const { value, onChange, onBlur, ref } = field;
  return { name, value, onChange, onBlur, ref, error: useFieldError(name, alsoShowsErrorOf) };
}

/** A choice from a list; no choice is held as '' in the form. */
export function SelectField({ name, alsoShowsErrorOf, ...props }: BoundProps<SelectProps>) {
  const field = useControlledField(name, alsoShowsErrorOf);
  return (
    <Select
      inputWrapperOrder={inputWrapperOrder}
      {...props}
      {...field}
      value={field.value || null}
      onChange={(value) => field.onChange(value ?? '')}
    />
  );
}

/**
 * A number as Mantine gives it: a number, or a string while the box is empty or unfinished ('', '1.').
 * Read it with `numberInputSchema`.
 */
export function NumberField({ name, alsoShowsErrorOf, ...props }: BoundProps<NumberInputProps>) {
  return (
    <NumberInput
      inputWrapperOrder={inputWrapperOrder}
      {...props}
      {...useControlledField(name, alsoShowsErrorOf)}
    />
  );
}

type RadioOption = { value: string; label: string; description?: string };

/**
 * One of a few options, each with its explanation; the form focuses the option chosen. The group's own
 * description stays above the options: it explains the question before the answers.
 */
export function RadioGroupField({
  name,
  alsoShowsErrorOf,
  options,
  ...props
}: BoundProps<Omit<RadioGroupProps, 'children'>> & { options: readonly RadioOption[] }) {
  const { ref, onBlur, ...field } = useControlledField(name, alsoShowsErrorOf);
  return (
    <Radio.Group {...props} {...field}>
      <Stack gap="sm" mt="xs">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            ref={option.value === field.value ? ref : undefined}
            label={option.label}
            description={option.description}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
