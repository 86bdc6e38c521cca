import { Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { BusySubmitButton } from '@/components/form/busy-submit-button';

/** Find products by code or description, forgiving case and signs; an empty box goes back to the recent list. */
export function ProductCodeLookup({
  initialCode,
  onLookup,
}: {
  initialCode: string;
  onLookup: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onLookup(code.trim());
    } finally {
      setBusy(false);
    }
  }
  return (
    <search>
      <form onSubmit={submit} aria-label="Find a product" noValidate>
        <Group align="flex-end">
          <TextInput
            label="Search products"
            description="A product code or the start of one, or words of its description; case does not matter."
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            // Wide enough for a 35-character code.
            w={340}
            maw="100%"
          />
          <BusySubmitButton busy={busy}>Look up</BusySubmitButton>
        </Group>
      </form>
    </search>
  );
}
