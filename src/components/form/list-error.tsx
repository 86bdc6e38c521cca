import { Text } from '@mantine/core';
import { useFieldError } from './field-errors';

/** The error of a whole list (no lines, too many), announced where the list is. */
export function ListError({ name }: { name: string }) {
  const error = useFieldError(name);
  return error ? (
    <Text c="var(--mantine-color-error)" size="sm" role="alert">
      {error}
    </Text>
  ) : null;
}
