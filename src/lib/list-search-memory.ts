import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The lists a record page links back to: "All receives" returns to them as they were last filtered. */
export type RecordList = '/orders' | '/receives' | '/returns';
const lists: readonly string[] = ['/orders', '/receives', '/returns'];

const storageKey = (list: RecordList) => `list-search:${list}`;

/** Remembers each list's search (its filters, sort and page) as it was last shown, for this tab. */
export function useListSearchMemory(): void {
  const { pathname, searchStr } = useLocation();
  useEffect(() => {
    if (!lists.includes(pathname)) return;
    try {
      sessionStorage.setItem(storageKey(pathname as RecordList), searchStr);
    } catch {
      // Storage refused (private mode, full): the link goes to the list unfiltered, as before.
    }
  }, [pathname, searchStr]);
}

/** The list's address as it was last shown in this tab ("/receives?discrepancy=any"), else the list. */
export function rememberedListHref(list: RecordList): string {
  try {
    return `${list}${sessionStorage.getItem(storageKey(list)) ?? ''}`;
  } catch {
    return list;
  }
}
