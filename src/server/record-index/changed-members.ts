/**
 * The end of the JSON string that starts at `start` (its opening quote): the index after its closing quote.
 */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return index + 1;
    if (Number.isNaN(code)) return index;
    index += code === 0x5c ? 2 : 1;
  }
}

/** The end of the JSON value that starts at `start`: the index of the `,` or `}` after it. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      index = stringEnd(text, index);
      continue;
    }
    if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) {
      if (depth === 0) return index;
      depth--;
    } else if (code === 0x2c && depth === 0) return index;
    index++;
  }
  return index;
}

/**
 * The top-level members of an object written by JSON.stringify (no whitespace), each as the text
 * JSON.stringify writes for its value alone: the members can be compared without parsing the document.
 */
function topLevelMembers(text: string): Map<string, string> {
  const members = new Map<string, string>();
  let index = 1;
  while (index < text.length - 1) {
    const keyEnd = stringEnd(text, index);
    const key = text.slice(index, keyEnd);
    const end = valueEnd(text, keyEnd + 1);
    members.set(key.includes('\\') ? JSON.parse(key) : key.slice(1, -1), text.slice(keyEnd + 1, end));
    index = end + 1;
  }
  return members;
}

/** The JSON text of one top-level member of a document written by JSON.stringify, if it has that member. */
export function memberText(text: string, key: string): string | undefined {
  return topLevelMembers(text).get(key);
}

/**
 * Top-level members that differ between two versions of a document (each its JSON.stringify text, null
 * before the first), in the order of their keys, without dateLastUpdated, at most 30.
 */
export function changedMembers(before: string | null, after: string): string[] {
  if (before === null) return ['created'];
  const old = topLevelMembers(before);
  const now = topLevelMembers(after);
  const keys = new Set([...old.keys(), ...now.keys()]);
  return [...keys].filter((key) => key !== 'dateLastUpdated' && old.get(key) !== now.get(key)).slice(0, 30);
}
