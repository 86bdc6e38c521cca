import { Combobox, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { focusHeadingState } from '@/lib/heading-focus';
import { matchHref, matchRoute } from '@/lib/match-description';
import { PALETTE_MATCHES, searchIndexQueryOptions } from '../api/search-index';
import { paletteOptionId, SearchPaletteDropdown } from './search-palette-dropdown';
import { usePaletteMatches } from './use-palette-matches';

type SearchPaletteProps = {
  value: string;
  onValueChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The header box's label, placeholder and shortcut hint, as the box shows before the palette loads. */
  inputProps: TextInputProps;
  /** What Enter on an empty box says. */
  emptyMessage: string;
  /** Take the focus when shown: the box it replaces had it. */
  autoFocus: boolean;
};

/**
 * The header's type-ahead search: matches from the index as you type, grouped by kind, each saying why it
 * matched. Arrows and Enter open one; Enter with none chosen opens the best; the best match's page (or the
 * one chosen) is loaded while it is looked at, so that Enter shows it at once.
 */
export default function SearchPalette({
  value,
  onValueChange,
  inputRef,
  inputProps,
  emptyMessage,
  autoFocus,
}: SearchPaletteProps) {
  const router = useRouter();
  // Through the router's own serializer: a bare `?q=` of digits would be read back as a number, `true` as a flag.
  const searchHref = (q: string) => router.buildLocation({ to: '/search', search: { q } }).href;
  const queryClient = useQueryClient();
  const combobox = useCombobox();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opening = useRef(false);
  const text = value.trim();
  const { matches, more, current, failed } = usePaletteMatches(text);
  const active = matches.find((match) => paletteOptionId(match) === activeId);
  const looked = active ?? (current ? matches[0] : undefined);
  const lookedAt = looked && combobox.dropdownOpened ? looked : null;

  // New matches: nothing is chosen until the arrows choose it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the matches change, not the store
  useEffect(() => {
    combobox.resetSelectedOption();
    setActiveId(null);
  }, [matches]);

  useEffect(() => {
    if (lookedAt) router.preloadRoute(matchRoute(lookedAt)).catch(() => undefined);
  }, [lookedAt, router]);

  function open(href: string) {
    combobox.closeDropdown();
    onValueChange('');
    inputRef.current?.blur();
    // A record's page puts the focus on its heading (the search page has no record heading to take it).
    void router.navigate({ href, state: focusHeadingState });
  }

  async function openBest() {
    if (!text) {
      setError(emptyMessage);
      return;
    }
    // Enter again while the matches are on their way opens nothing twice.
    if (opening.current) return;
    opening.current = true;
    const shown = current
      ? matches
      : await queryClient
          .fetchQuery(searchIndexQueryOptions({ q: text, limit: PALETTE_MATCHES, lookup: false }))
          .then(
            (page) => page.matches,
            () => [],
          );
    opening.current = false;
    // Typed on meanwhile: the answer is for text no longer in the box.
    if (inputRef.current && inputRef.current.value.trim() !== text) return;
    const best = shown[0];
    open(best ? matchHref(best) : searchHref(text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      combobox.openDropdown('keyboard');
      const down = event.key === 'ArrowDown';
      setActiveId(down ? combobox.selectNextOption() : combobox.selectPreviousOption());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) combobox.clickSelectedOption();
      else void openBest();
    } else if (event.key === 'Escape') {
      combobox.closeDropdown('keyboard');
    }
  }

  return (
    <Combobox store={combobox} onOptionSubmit={open} offset={4}>
      <Combobox.Target
        withKeyboardNavigation={false}
        withExpandedAttribute
        aria-activedescendant={combobox.dropdownOpened && activeId ? activeId : undefined}
      >
        <TextInput
          {...inputProps}
          ref={inputRef}
          autoFocus={autoFocus}
          value={value}
          error={error}
          onChange={(event) => {
            onValueChange(event.currentTarget.value);
            setError(null);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>
      <SearchPaletteDropdown
        text={text}
        matches={matches}
        more={more}
        current={current}
        failed={failed}
        activeId={activeId}
        allHref={searchHref(text)}
      />
    </Combobox>
  );
}
