import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '@/domain/format';
import { ButtonLink } from './router-links';

type PagerProps = {
  /** The page shown, 1 for the first. */
  page: number;
  /** Known when the whole list is in the browser; a cursor list only knows whether another page follows. */
  pageCount?: number;
  hasNext: boolean;
  /** The rows shown and how many match in all, when the list counts them: "26–50 of 1,234". */
  rows?: { first: number; last: number; total: number };
  /** The search params (merged into the URL's) that open page `target`, at most one past `page`. */
  searchFor: (target: number) => Record<string, unknown>;
  /** More paging controls of the list (rows per page), shown beside the page number. */
  children?: ReactNode;
};

/**
 * The one pager of every list, under it: where you are on the left, the ways to other pages on the right.
 * Its controls are links to the URL of each page, so a page can be shared, reloaded or opened in a new tab,
 * and Back goes to the page before.
 */
export function Pager({ page, pageCount, hasNext, rows, searchFor, children }: PagerProps) {
  const linkTo = (target: number) => (previous: Record<string, unknown>) => ({
    ...previous,
    ...searchFor(target),
  });
  // Links that do not apply are left out rather than disabled, in fixed places (Next page last, at the
  // right edge) so that a focused "Next page" keeps its focus and its place while the next page loads.
  return (
    <Group component="nav" aria-label="Pages" justify="space-between" gap="sm" mt="sm">
      <Group gap="lg">
        <Text size="sm" aria-live="polite">
          {rows
            ? `${formatNumber(rows.first)}–${formatNumber(rows.last)} of ${formatNumber(rows.total)}`
            : `Page ${formatNumber(page)}${pageCount ? ` of ${formatNumber(pageCount)}` : ''}`}
        </Text>
        {children}
      </Group>
      <Group gap="xs">
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
        {hasNext ? (
          <ButtonLink variant="default" to="." search={linkTo(page + 1)}>
            Next page
          </ButtonLink>
        ) : null}
      </Group>
    </Group>
  );
}
