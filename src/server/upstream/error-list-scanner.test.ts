import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorListScanner } from './error-list-scanner';

/** Feeds `text` to a scanner in pieces of the given sizes (cycled) and returns what it keeps, parsed. */
function scanInPieces(text: string, keep: number, sizes: number[]) {
  const bytes = Buffer.from(text);
  const scanner = new ErrorListScanner(keep);
  for (let at = 0, piece = 0; at < bytes.length; piece += 1) {
    const size = sizes[piece % sizes.length] ?? 1;
    scanner.scan(bytes.subarray(at, at + size));
    at += size;
  }
  return { count: scanner.count, kept: JSON.parse(scanner.keptPart(bytes).toString('utf8')) };
}

// Strings full of what a scanner could mistake for structure.
const trickyText = fc.string({
  unit: fc.constantFrom('a', '"', '\\', '[', ']', '{', '}', ',', ':', 'é', '\n', 'errors'),
  maxLength: 12,
});
const errorItem = fc.record({
  code: trickyText,
  detail: trickyText,
  source: fc.record({ pointer: trickyText }),
  nested: fc.array(fc.array(trickyText, { maxLength: 2 }), { maxLength: 2 }),
});

describe('ErrorListScanner', () => {
  it('keeps the first items of the top-level errors array and counts them all, however the bytes arrive', () => {
    fc.assert(
      fc.property(
        fc.array(errorItem, { maxLength: 40 }),
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (errors, keep, sizes, spaced) => {
          // A decoy `errors` member inside data, and members on both sides of the real one.
          const envelope = {
            data: { errors: [{ code: 'decoy' }], '"errors"': 1 },
            id: 'x',
            errors,
            resource: [],
          };
          const text = spaced ? JSON.stringify(envelope, null, 2) : JSON.stringify(envelope);
          const { count, kept } = scanInPieces(text, keep, sizes);
          expect(count).toBe(errors.length);
          expect(kept).toEqual({ ...envelope, errors: errors.slice(0, keep) });
        },
      ),
    );
  });

  it('keeps everything when the errors key is written with an escape it does not follow', () => {
    const text = `{"data":{},"\\u0065rrors":[${'{"code":"x"},'.repeat(29)}{"code":"x"}],"resource":[]}`;
    const { count, kept } = scanInPieces(text, 20, [7]);
    expect(count).toBe(0);
    expect(kept.errors).toHaveLength(30);
  });
});
