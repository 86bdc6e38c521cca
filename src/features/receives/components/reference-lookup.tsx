import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** Exact lookup by primary reference; an empty box goes back to the list. */
export function ReferenceLookup({
  label,
  initialReference,
  onLookup,
}: {
  label: string;
  initialReference: string;
  onLookup: (reference: string | undefined) => void;
}) {
  const [reference, setReference] = useState(initialReference);
  function submit(event: FormEvent) {
    event.preventDefault();
    onLookup(reference.trim() || undefined);
  }
  return (
    <form onSubmit={submit} aria-label={`${label}: exact lookup`}>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          description="The exact reference, as it was created"
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="default">
          Find
        </Button>
      </Group>
    </form>
  );
}
