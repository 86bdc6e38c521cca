import { Autocomplete, type AutocompleteProps, type ComboboxItem } from '@mantine/core';
import type { Ref } from 'react';

export type ProductSuggestion = { code: string; description?: string };

type ProductCodeAutocompleteProps = Omit<AutocompleteProps, 'data' | 'filter' | 'renderOption'> & {
  suggestions: ProductSuggestion[];
  ref?: Ref<HTMLInputElement>;
};

/**
 * A product code field that suggests products as "code — description" and finds them by either, while
 * picking one puts only the code in the field (an Autocomplete option with a label would put the label).
 */
export function ProductCodeAutocomplete({ suggestions, ...props }: ProductCodeAutocompleteProps) {
  const descriptions = new Map(suggestions.map((product) => [product.code, product.description]));
  const optionText = (code: string) => {
    const description = descriptions.get(code);
    return description ? `${code} — ${description}` : code;
  };
  return (
    <Autocomplete
      {...props}
      data={suggestions.map((product) => product.code)}
      filter={({ options, search, limit }) => {
        const query = search.trim().toLowerCase();
        return (options as ComboboxItem[])
          .filter((option) => optionText(option.value).toLowerCase().includes(query))
          .slice(0, limit);
      }}
      renderOption={({ option }) => optionText(option.value)}
    />
  );
}
