declare module '@tanstack/history' {
  interface HistoryState {
    /** The page was opened from the search: its heading takes the focus (components/record-heading). */
    focusHeading?: boolean;
  }
}

/**
 * The history state of a navigation that opens a record from the search: the record page's heading takes
 * the focus, so the next Tab reaches the page's first control rather than the navigation.
 */
export const focusHeadingState = { focusHeading: true } as const;
