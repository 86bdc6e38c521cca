import { useEffect, useRef } from 'react';
import {
  type FieldArrayPath,
  type FieldPath,
  type FieldValues,
  useFieldArray,
  useFormContext,
} from 'react-hook-form';

/**
 * The rows of a list in the form, whose Remove buttons keep a keyboard or screen-reader user's place:
 * the button goes away with its row, and focus would fall to the page body. After a removal focus
 * moves to `focusMember` of the row that took its place (or of the last one), or to the Add button
 * (give it `addButtonRef`) when no row is left. A row added gets focus from react-hook-form.
 */
export function useFieldRows<TValues extends FieldValues = FieldValues>(
  name: FieldArrayPath<TValues>,
  focusMember: string,
) {
  const { control, setFocus } = useFormContext<TValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const removedIndex = useRef<number | null>(null);
  const rowCount = fields.length;

  useEffect(() => {
    const index = removedIndex.current;
    if (index === null) return;
    removedIndex.current = null;
    if (rowCount === 0) addButtonRef.current?.focus();
    else setFocus(`${name}.${Math.min(index, rowCount - 1)}.${focusMember}` as FieldPath<TValues>);
  }, [rowCount, setFocus, name, focusMember]);

  return {
    rows: fields,
    append,
    remove: (index: number) => {
      removedIndex.current = index;
      remove(index);
    },
    addButtonRef,
  };
}
