function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** `value` as `digits` hex digits, letters in either case. */
function hexPattern(value: number, digits: number): string {
  return [...value.toString(16).padStart(digits, '0')]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join('');
}

/** One character of the key as it is, JSON-escaped (`\"`, `\/`, `\u004b`) or percent-encoded (`%4B`). */
function characterForms(character: string): string {
  const forms = new Set([escapeRegExp(character), escapeRegExp(JSON.stringify(character).slice(1, -1))]);
  if (character === '/') forms.add('\\\\/');
  const units = Array.from({ length: character.length }, (_, index) => character.charCodeAt(index));
  forms.add(units.map((unit) => `\\\\u${hexPattern(unit, 4)}`).join(''));
  forms.add([...Buffer.from(character)].map((byte) => `%${hexPattern(byte, 2)}`).join(''));
  return `(?:${[...forms].join('|')})`;
}

/**
 * The key in base64 and base64url at each of the three positions it can take in a longer encoded text
 * (`Basic ` + base64 of `user:key`): only the characters that depend on the key's bits alone.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const forms = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64');
    // Character i stands for bits 6i to 6i + 5; the key holds bits 8 * offset to 8 * (offset + length).
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    // A key of a few bytes leaves one character or none: such a form would match ordinary text anywhere.
    if (core.length < 4) continue;
    forms.add(core);
    forms.add(core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...forms];
}

const redactionPatterns = new Map<string, RegExp>();

/**
 * Every way an echo could carry the key: as it is, with any of its characters JSON-escaped or
 * percent-encoded (all, some, upper or lower case hex), or base64 / base64url-encoded.
 */
function redactionPattern(secret: string): RegExp {
  let pattern = redactionPatterns.get(secret);
  if (pattern === undefined) {
    const characters = [...secret].map(characterForms).join('');
    pattern = new RegExp([characters, ...base64Forms(secret).map(escapeRegExp)].join('|'), 'g');
    redactionPatterns.set(secret, pattern);
  }
  return pattern;
}

/** `text` with every form of `secret` in it replaced, should the upstream ever echo the key. */
export function redact(text: string, secret: string): { text: string; redacted: boolean } {
  let redacted = false;
  const result = text.replace(redactionPattern(secret), () => {
    redacted = true;
    return '[redacted]';
  });
  return { text: result, redacted };
}
