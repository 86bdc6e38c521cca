import type { ComponentProps } from 'react';
import { useFormContext } from 'react-hook-form';
import { useProductCodeCheck } from '@/lib/check-product-code';
import { ProductCodeAutocomplete } from '../product-code-autocomplete';
import { useControlledField } from './controlled-fields';
import { type BoundProps, inputWrapperOrder } from './registered-fields';

/**
 * A line's product, bound by name: suggested as typed, and refused on leaving the field if no product has the
 * code.
 */
export function ProductCodeField({
  name,
  alsoShowsErrorOf,
  ...props
}: BoundProps<ComponentProps<typeof ProductCodeAutocomplete>>) {
  const field = useControlledField(name, alsoShowsErrorOf);
  const productCheck = useProductCodeCheck(useFormContext());
  return (
    <ProductCodeAutocomplete
      inputWrapperOrder={inputWrapperOrder}
      {...props}
      {...field}
      onBlur={() => {
        field.onBlur();
        void productCheck.check(name);
      }}
    />
  );
}
