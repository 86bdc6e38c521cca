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

/** A document's top-level members, each as the text JSON.stringify writes for its value alone. */
export type Members = Map<string, string>;

/**
 * The top-level members of an object written by JSON.stringify (no whitespace): the members can be
 * compared without parsing the document.
 */
export function topLevelMembers(text: string): Members {
  const members: Members = new Map();
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

/** How many elements an array written by JSON.stringify holds, counted without parsing them (0 if not an array). */
export function elementCount(text: string | undefined): number {
  if (text === undefined || text.charCodeAt(0) !== 0x5b || text.length <= 2) return 0;
  let count = 0;
  let index = 1;
  while (index < text.length - 1) {
    count++;
    index = valueEnd(text, index) + 1;
  }
  return count;
}

/**
 * Top-level members that differ between two versions of a document (null before the first), in the order
 * of their keys, without dateLastUpdated, at most 30.
 */
export function changedMembers(before: Members | null, after: Members): string[] {
  if (before === null) return ['created'];
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((key) => key !== 'dateLastUpdated' && before.get(key) !== after.get(key))
    .slice(0, 30);
}
