import { Combobox, Text } from '@mantine/core';
import { ConsoleCopyMark } from '@/components/console-copy-mark';
import { MatchSummary } from '@/components/match-summary';
import type { SearchMatch } from '@/contract/index-search';
import { countOf } from '@/domain/format';
import { groupByKind, matchHref, tracedValueOf } from '@/lib/match-description';
import { useWarehouseSilence } from '@/lib/warehouse-reach';
import type { usePaletteMatches } from './use-palette-matches';

/** A match's option id, which the box names as its active descendant while the arrows are on it. */
export const paletteOptionId = (match: SearchMatch) => `search-option-${match.kind}-${match.id}`;

type SearchPaletteDropdownProps = Pick<
  ReturnType<typeof usePaletteMatches>,
  'matches' | 'more' | 'current' | 'failed'
> & {
  text: string;
  activeId: string | null;
  /** The search page of `text`, which See all opens. */
  allHref: string;
};

/**
 * The palette's list under the box: the matches grouped by kind, what went wrong when none show, the
 * trace of a lot or serial number a match holds whole, and See all with how many more there are.
 */
export function SearchPaletteDropdown({
  text,
  matches,
  more,
  current,
  failed,
  activeId,
  allHref,
}: SearchPaletteDropdownProps) {
  const groups = groupByKind(matches);
  const traced = current ? tracedValueOf(matches, text) : null;
  return (
    <Combobox.Dropdown hidden={text === ''}>
      <ConsoleCopyHeader />
      <Combobox.Options aria-label="Matches" mah="min(70vh, 520px)" style={{ overflowY: 'auto' }}>
        {groups.map((group) => (
          <Combobox.Group key={group.kind} label={group.label}>
            {group.matches.map((match) => (
              <Combobox.Option
                key={paletteOptionId(match)}
                id={paletteOptionId(match)}
                value={matchHref(match)}
                active={paletteOptionId(match) === activeId}
                aria-selected={paletteOptionId(match) === activeId}
              >
                <Text size="sm" fw={600}>
                  {match.primaryReference}
                </Text>
                <MatchSummary match={match} q={text} />
              </Combobox.Option>
            ))}
          </Combobox.Group>
        ))}
        {matches.length === 0 && current ? <Combobox.Empty>Nothing matches “{text}”</Combobox.Empty> : null}
        {failed ? (
          <Combobox.Empty>The search failed. Enter opens the search page to try again.</Combobox.Empty>
        ) : null}
        {traced ? (
          <Combobox.Option
            id="search-option-trace"
            value={`/trace?q=${encodeURIComponent(traced)}`}
            active={activeId === 'search-option-trace'}
            aria-selected={activeId === 'search-option-trace'}
          >
            <Text size="sm" fw={500}>
              Trace {traced}: where it came in and who got it →
            </Text>
          </Combobox.Option>
        ) : null}
        <Combobox.Option
          id="search-option-all"
          value={allHref}
          active={activeId === 'search-option-all'}
          aria-selected={activeId === 'search-option-all'}
        >
          <Text size="sm" fw={500}>
            See all matches for “{text}” →
          </Text>
          {more && more.count > 0 ? (
            <Text size="sm" c="dimmed" data-testid="more-matches">
              {more.exact ? '' : 'At least '}
              {countOf(more.count, 'more match', 'more matches')}
            </Text>
          ) : null}
        </Combobox.Option>
      </Combobox.Options>
    </Combobox.Dropdown>
  );
}

/** Above the matches, outside their list, while the warehouse does not answer. */
function ConsoleCopyHeader() {
  return useWarehouseSilence() ? (
    <Combobox.Header>
      <ConsoleCopyMark />
    </Combobox.Header>
  ) : null;
}
