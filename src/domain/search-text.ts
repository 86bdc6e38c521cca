// How search text compares, in the index (server) and in what the browser highlights: the same rules.

/** Lower case, accents and every sign dropped: `#SO-100003` and `so 100003` read the same. */
export function compactForm(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/\p{M}/gu, '');
}

/** A text lowered with its accents dropped, signs kept: what its words are cut from. */
export function loweredText(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/\p{M}/gu, '');
}

/** The words of a text in their compact form. */
export function wordsOf(text: string): string[] {
  return loweredText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The parts of `value` a search for `typed` found, as they are written in `value`: the whole typed text
 * compared in compact form (`#web-2837551` in `WEB-2837551`, `555 010 2030` in `+1 (555) 010-2030`),
 * else each typed word. Empty when nothing of it shows in `value`.
 */
export function matchedParts(value: string, typed: string): string[] {
  // Each kept character of `value` in compact form, with the position it came from.
  const kept: { char: string; at: number }[] = [];
  Array.from(value).reduce((at, char) => {
    for (const compact of compactForm(char)) kept.push({ char: compact, at });
    return at + char.length;
  }, 0);
  const compactValue = kept.map((item) => item.char).join('');
  const find = (wanted: string) => {
    const start = wanted === '' ? -1 : compactValue.indexOf(wanted);
    if (start === -1) return null;
    const first = kept[start] as { at: number };
    const last = kept[start + wanted.length - 1] as { char: string; at: number };
    return value.slice(first.at, last.at + 1);
  };
  const whole = find(compactForm(typed)) ?? find(typed.replace(/\D/g, '').replace(/^0+/, ''));
  if (whole) return [whole];
  return wordsOf(typed).flatMap((word) => find(word) ?? []);
}
