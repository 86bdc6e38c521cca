// The date inputs and the day filters speak in the reader's calendar days; the interface in instants.

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDay(value: Date): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The instant a local calendar day (YYYY-MM-DD) begins at, as ISO 8601. */
export function startOfLocalDay(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

/** The last instant of a local calendar day (YYYY-MM-DD), as ISO 8601. */
export function endOfLocalDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}
