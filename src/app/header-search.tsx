import { Kbd, TextInput } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';

/** One box for an order or receive reference or a product code; Ctrl/Cmd+K jumps here from anywhere. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const os = useOs();
  const modKey = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';

  useHotkeys([['mod+k', () => inputRef.current?.focus()]], []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = value.trim();
    if (!q) {
      setError('Enter an order or receive reference or a product code');
      return;
    }
    setError(null);
    void navigate({ to: '/search', search: { q } });
  }

  return (
    <search style={{ flex: 1, maxWidth: 440 }}>
      <form onSubmit={submit}>
        <TextInput
          ref={inputRef}
          aria-label="Find an order, receive or product by reference or code"
          placeholder="Order or receive reference, product code"
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
          rightSectionWidth={70}
          rightSection={
            <span aria-hidden="true">
              <Kbd size="xs">{modKey}</Kbd> <Kbd size="xs">K</Kbd>
            </span>
          }
        />
      </form>
    </search>
  );
}
