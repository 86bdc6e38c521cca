/**
 * What every write hook takes: what to do once the write is done and the cache holds its answer, awaited
 * so a form stays busy through it. A failure is the caller's: mutateAsync throws its ApiError.
 */
export type WriteHookOptions<TData, TVariables = void> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
};
