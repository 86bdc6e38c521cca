import { useEffect, useRef } from 'react';

/**
 * A Remove button goes away with its row, and focus would fall to the page body, losing a keyboard or
 * screen-reader user's place. After a removal focus moves to the row that took its place (or the last
 * one), or to the Add button when no row is left.
 */
export function useFocusAfterRemove(rowCount: number, focusRow: (index: number) => void) {
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const removedIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = removedIndex.current;
    if (index === null) return;
    removedIndex.current = null;
    if (rowCount === 0) addButtonRef.current?.focus();
    else focusRow(Math.min(index, rowCount - 1));
  }, [rowCount, focusRow]);

  return {
    addButtonRef,
    noteRemoved: (index: number) => {
      removedIndex.current = index;
    },
  };
}
