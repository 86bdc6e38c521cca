import { Kbd, TextInput, type TextInputProps } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type SearchPalette from './search-palette';

const emptyMessage = 'Type a reference, a name, an email, a tracking or serial number';

type LoadedPalette = { Palette: typeof SearchPalette; hadFocus: boolean };

/**
 * The header's search; Ctrl/Cmd+K jumps here from anywhere. The type-ahead palette loads once the page has
 * shown (it would not fit the first page's JavaScript) and takes the box's place, its text and its focus;
 * until then Enter searches on `/search`.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<LoadedPalette | null>(null);
  const os = useOs();
  const modKey = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';

  useHotkeys([['mod+k', () => inputRef.current?.focus()]], []);

  useEffect(() => {
    let mounted = true;
    void import('./search-palette').then(({ default: Palette }) => {
      if (mounted) setLoaded({ Palette, hadFocus: document.activeElement === inputRef.current });
    });
    return () => {
      mounted = false;
    };
  }, []);

  const inputProps: TextInputProps = {
    'aria-label': 'Find an order, receive, return or product',
    placeholder: 'Reference, name, email, tracking or serial…',
    rightSectionWidth: 70,
    rightSection: (
      <span aria-hidden="true" className="keyboard-hint">
        <Kbd size="xs">{modKey}</Kbd> <Kbd size="xs">K</Kbd>
      </span>
    ),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = value.trim();
    if (!q) {
      setError(emptyMessage);
      return;
    }
    setError(null);
    void navigate({ to: '/search', search: { q } });
  }

  return (
    <search className="header-search">
      {loaded ? (
        <loaded.Palette
          value={value}
          onValueChange={setValue}
          inputRef={inputRef}
          inputProps={inputProps}
          emptyMessage={emptyMessage}
          autoFocus={loaded.hadFocus}
        />
      ) : (
        <form onSubmit={submit}>
          <TextInput
            {...inputProps}
            ref={inputRef}
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              if (error) setError(null);
            }}
          />
        </form>
      )}
    </search>
  );
}
