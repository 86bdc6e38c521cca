/** A span of seconds as a person says it: "45 s", "12 min", "3 h", "2 days". */
export function elapsedWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return days === 1 ? '1 day' : `${days} days`;
}
