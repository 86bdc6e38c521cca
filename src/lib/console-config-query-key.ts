/** Shared by the lazy badge query and the loaders' query, so both read one cache entry. */
export const consoleConfigQueryKey = ['console-config'] as const;
