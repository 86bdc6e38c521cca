/**
 * A signal that aborts with a `TimeoutError` after `ms`, or when `also` aborts. Call `clear()` once the
 * work is done. Why not `AbortSignal.any([also, AbortSignal.timeout(ms)])`: Node holds a timeout signal
 * weakly, so once only the combined signal refers to it a garbage collection can take it and the
 * deadline never comes (nodejs/undici#4068). Here the timer holds the controller until it fires or is
 * cleared.
 */
export function deadline(ms: number, also?: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const abortWithAlso = () => {
    clearTimeout(timer);
    controller.abort(also?.reason);
  };
  const timer = setTimeout(
    () => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')),
    ms,
  );
  if (also?.aborted) abortWithAlso();
  else also?.addEventListener('abort', abortWithAlso, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      also?.removeEventListener('abort', abortWithAlso);
    },
  };
}
