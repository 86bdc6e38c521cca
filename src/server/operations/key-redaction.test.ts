import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact } from './key-redaction';

const key = 'KEY-proxy-test-9d2e';

describe('redact', () => {
  const eachCharacter = (text: string, encode: (character: string, index: number) => string) =>
    [...text].map(encode).join('');
  const jsonEscape = (character: string) =>
    Array.from({ length: character.length }, (_, unit) => character.charCodeAt(unit))
      .map((unit) => `\\u${unit.toString(16).padStart(4, '0')}`)
      .join('');
  const percentEncode = (character: string) =>
    [...Buffer.from(character)]
      .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
      .join('');
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const base64url = (text: string) => Buffer.from(text).toString('base64url');

  it.each([
    ['written as it is', key],
    ['JSON-escaped, every character', eachCharacter(key, jsonEscape)],
    [
      'JSON-escaped, some characters, upper-case hex',
      eachCharacter(key, (c, i) => (i % 3 ? c : jsonEscape(c).toUpperCase().replace('\\U', '\\u'))),
    ],
    ['percent-encoded, every character', eachCharacter(key, percentEncode)],
    [
      'percent-encoded, some characters, lower-case hex',
      eachCharacter(key, (c, i) => (i % 2 ? percentEncode(c).toLowerCase() : c)),
    ],
    ['base64', base64(key)],
    ['base64url', base64url(key)],
    ['base64 behind one byte (Basic auth of "u:key")', base64(`u:${key}`)],
    ['base64 behind two bytes', base64(`ab${key}`)],
    ['base64url behind three bytes, with more after', base64url(`abc${key}xyz`)],
  ])('removes the key %s', (_case, form) => {
    const { text, redacted } = redact(`{"echo":"before ${form} after"}`, key);
    expect(redacted).toBe(true);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(form);
  });

  it('leaves text without the key as it is', () => {
    const text = `{"data":{"note":"KEY-proxy-test and ${base64('KEY-proxy')}"}}`;
    expect(redact(text, key)).toEqual({ text, redacted: false });
  });

  it('leaves text without a key of a few bytes as it is', () => {
    const text = '{"data":{"id":"id-RMA-A"}}';
    expect(redact(text, 'k')).toEqual({ text, redacted: false });
    expect(redact(text, 'zq')).toEqual({ text, redacted: false });
  });

  it('removes any key, in any of these forms, from any surroundings', () => {
    const forms: ((secret: string) => string)[] = [
      (secret) => secret,
      (secret) => JSON.stringify(secret).slice(1, -1),
      (secret) => eachCharacter(secret, jsonEscape),
      (secret) => encodeURIComponent(secret),
      (secret) => eachCharacter(secret, percentEncode),
      base64,
      base64url,
    ];
    fc.assert(
      fc.property(
        fc.string({ minLength: 12, maxLength: 40, unit: 'binary' }),
        fc.integer({ min: 0, max: forms.length - 1 }),
        fc.string({ maxLength: 8 }),
        fc.string({ maxLength: 8 }),
        (secret, form, before, after) => {
          const encoded = forms[form]?.(secret) ?? secret;
          const { text, redacted } = redact(`${before}${encoded}${after}`, secret);
          expect(redacted).toBe(true);
          expect(text).not.toContain(encoded);
        },
      ),
    );
  });
});
