import { isApiError } from './api-error';
import { readTextList } from './search-params';

// Every cursor list keeps its place in the URL the same way: `cursors` holds the cursor of each page after
// the first up to the one shown, so a shared or reloaded link opens the same page and can still step back.

export type CursorPageSearch = { cursors?: string[] };

/** For `validateSearch`: the cursors, or none (the first page) when missing or not a list of text. */
export function readCursors(value: unknown): string[] | undefined {
  const cursors = readTextList(value);
  return cursors?.length ? cursors : undefined;
}

/** The pager of the page `cursors` names; `nextCursor` is the listing's, none on the last page. */
export function cursorPager(cursors: string[], nextCursor: string | null | undefined) {
  const page = cursors.length + 1;
  return {
    page,
    hasNext: Boolean(nextCursor),
    searchFor: (target: number): CursorPageSearch => {
      const stack = target > page && nextCursor ? [...cursors, nextCursor] : cursors.slice(0, target - 1);
      return { cursors: stack.length > 0 ? stack : undefined };
    },
  };
}

/**
 * For a list's loader: loads the page the URL names with `load`. A cursor the listing refuses (400: an old,
 * edited or pasted link; the page size is fixed, so the cursor is the only thing that can be wrong) falls
 * back to the first page, to be shown with a note, rather than an error page whose "Try again" would
 * repeat the same request. Any other failure is thrown.
 */
export async function loadCursorPage(
  cursors: string[] | undefined,
  load: (cursor: string | undefined) => Promise<unknown>,
): Promise<{ cursorRefused: boolean }> {
  const cursor = cursors?.at(-1);
  try {
    await load(cursor);
    return { cursorRefused: false };
  } catch (error) {
    if (cursor === undefined || !isApiError(error) || error.status !== 400) throw error;
    await load(undefined);
    return { cursorRefused: true };
  }
}
