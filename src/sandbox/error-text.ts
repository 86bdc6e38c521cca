/** An error for a log line: its stack where it has one (where it happened), else its words. */
export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
