import { Group, Text } from '@mantine/core';
import { ButtonLink } from './router-links';

type PagerProps = {
  /** The page shown, 1 for the first. */
  page: number;
  /** Known when the whole list is in the browser; a cursor list only knows whether another page follows. */
  pageCount?: number;
  hasNext: boolean;
  /** The search params (merged into the URL's) that open page `target`, at most one past `page`. */
  searchFor: (target: number) => Record<string, unknown>;
};

/**
 * The one pager of every list. Its controls are links to the URL of each page, so a page can be shared,
 * reloaded or opened in a new tab, and Back goes to the page before.
 */
export function Pager({ page, pageCount, hasNext, searchFor }: PagerProps) {
  const linkTo = (target: number) => (previous: Record<string, unknown>) => ({
    ...previous,
    ...searchFor(target),
  });
  // Links that do not apply are left out rather than disabled, in fixed places so that a focused
  // "Next page" keeps its focus while the next page loads.
  return (
    <Group component="nav" aria-label="Pages" gap="xs" mt="sm">
      {page > 2 ? (
        <ButtonLink variant="default" to="." search={linkTo(1)}>
          First page
        </ButtonLink>
      ) : null}
      {page > 1 ? (
        <ButtonLink variant="default" to="." search={linkTo(page - 1)}>
          Previous page
        </ButtonLink>
      ) : null}
      <Text size="sm" aria-live="polite">
        Page {page}
        {pageCount ? ` of ${pageCount}` : null}
      </Text>
      {hasNext ? (
        <ButtonLink variant="default" to="." search={linkTo(page + 1)}>
          Next page
        </ButtonLink>
      ) : null}
    </Group>
  );
}
