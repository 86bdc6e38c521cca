/** The longest the event loop went unserved while `work` ran, and how long `work` took. */
export async function loopWhile<T>(
  work: () => Promise<T>,
): Promise<{ result: T; longestGapMs: number; tookMs: number }> {
  let longestGapMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    // A loop held to the end never ran the timer: the wait since its last turn counts too.
    longestGapMs = Math.max(longestGapMs, performance.now() - last);
    return { result, longestGapMs, tookMs: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}
