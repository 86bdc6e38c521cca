import { ActionIcon } from '@mantine/core';

/**
 * Removes a row of a list in the form: a ✕ that screen readers hear as `label` ("Remove line 2"), as tall as
 * the row's inputs and level with them (below their one-line labels).
 */
export function RemoveRowButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="input-sm"
      mt={24}
      style={{ flex: 'none' }}
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      <span aria-hidden="true">✕</span>
    </ActionIcon>
  );
}
