import { Group, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { BusySubmitButton } from './form/busy-submit-button';

/**
 * A list page's search box, the same on every list: a labelled `search` landmark, what it finds said
 * under the label, a Search button beside the field (inside the field's frame, so the error goes under
 * both), and a search under way shown on the button, which keeps the focus.
 */
export function PageSearchBox({
  label,
  description,
  placeholder,
  value,
  onChange,
  onSearch,
  busy = false,
  error,
}: {
  /** "Search orders": the field's label, and the landmark's. */
  label: string;
  description: ReactNode;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  busy?: boolean;
  error?: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSearch();
  }
  return (
    <search>
      {/* No name of its own: the field's label names it, and one name is one thing to find. */}
      <form onSubmit={submit} noValidate>
        <TextInput
          label={label}
          description={description}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          // Wide enough for a 35-character product code or a long email address.
          maw={520}
          inputContainer={(field) => (
            <Group gap="sm" wrap="nowrap" align="center">
              <div style={{ flex: 1, minWidth: 0 }}>{field}</div>
              <BusySubmitButton busy={busy}>Search</BusySubmitButton>
            </Group>
          )}
        />
      </form>
    </search>
  );
}
