import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** Exact lookup by product code; an empty box goes back to the recent list. */
export function ProductCodeLookup({
  initialCode,
  onLookup,
}: {
  initialCode: string;
  onLookup: (code: string) => void;
}) {
  const [code, setCode] = useState(initialCode);
  function submit(event: FormEvent) {
    event.preventDefault();
    onLookup(code.trim());
  }
  return (
    <form onSubmit={submit} aria-label="Look up a product by code">
      <Group align="flex-end">
        <TextInput
          label="Product code"
          description="The exact code, as it was created."
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="off"
          // Wide enough for a 35-character code.
          w={340}
        />
        <Button type="submit">Look up</Button>
      </Group>
    </form>
  );
}
