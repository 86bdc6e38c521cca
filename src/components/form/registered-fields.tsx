import {
  Checkbox,
  type CheckboxProps,
  NativeSelect,
  type NativeSelectProps,
  PasswordInput,
  type PasswordInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useFieldError } from './field-errors';

/**
 * Every field of the kit puts its description under the input, with the error, so inputs side by side line
 * up whether or not each has a description.
 */
export const inputWrapperOrder: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** A field bound by `name` to the form around it; the form holds its value and its error. */
export type BoundProps<TInputProps> = Omit<TInputProps, 'name' | 'error' | 'value' | 'defaultValue'> & {
  name: string;
  /** A group this field speaks for: its error shows here when the field has none of its own. */
  alsoShowsErrorOf?: string;
};

/** The input's own props plus what binds it to the form: name, change and blur handlers, ref, error. */
function useRegisteredField(name: string, alsoShowsErrorOf?: string) {
  const { register } = useFormContext();
  return { ...register(name), error: useFieldError(name, alsoShowsErrorOf) };
}

export function TextField({ name, alsoShowsErrorOf, ...props }: BoundProps<TextInputProps>) {
  return (
    <TextInput
      inputWrapperOrder={inputWrapperOrder}
      {...props}
      {...useRegisteredField(name, alsoShowsErrorOf)}
    />
  );
}

export function TextareaField({ name, alsoShowsErrorOf, ...props }: BoundProps<TextareaProps>) {
  return (
    <Textarea
      inputWrapperOrder={inputWrapperOrder}
      {...props}
      {...useRegisteredField(name, alsoShowsErrorOf)}
    />
  );
}

export function PasswordField({ name, alsoShowsErrorOf, ...props }: BoundProps<PasswordInputProps>) {
  return (
    <PasswordInput
      inputWrapperOrder={inputWrapperOrder}
      {...props}
      {...useRegisteredField(name, alsoShowsErrorOf)}
    />
  );
}

export function NativeSelectField({ name, alsoShowsErrorOf, ...props }: BoundProps<NativeSelectProps>) {
  return (
    <NativeSelect
      inputWrapperOrder={inputWrapperOrder}
      {...props}
      {...useRegisteredField(name, alsoShowsErrorOf)}
    />
  );
}

export function CheckboxField({ name, alsoShowsErrorOf, ...props }: BoundProps<CheckboxProps>) {
  const field = useRegisteredField(name, alsoShowsErrorOf);
  // Mantine marks a checkbox's error in words only; this tells assistive technology too.
  return <Checkbox {...props} {...field} aria-invalid={field.error ? true : undefined} />;
}
