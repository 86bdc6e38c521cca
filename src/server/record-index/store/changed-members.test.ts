import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { changedMembers, elementCount, topLevelMembers } from './changed-members';

/**
 * What the change log recorded before: both versions parsed, and each member written out alone (own
 * members only: that read a member named __proto__ that one version lacks from the prototype).
 */
function parsedChangedMembers(before: Record<string, unknown> | null, after: Record<string, unknown>) {
  if (!before) return ['created'];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const own = (object: Record<string, unknown>, key: string) =>
    JSON.stringify(Object.hasOwn(object, key) ? object[key] : undefined);
  const changed = [...keys].filter((key) => own(before, key) !== own(after, key));
  return changed.filter((key) => key !== 'dateLastUpdated').slice(0, 30);
}

const changedTexts = (before: string | null, after: string) =>
  changedMembers(before === null ? null : topLevelMembers(before), topLevelMembers(after));

describe('changedMembers', () => {
  it('names the members that differ, as comparing the parsed versions does', {
    timeout: budgets.propertyRuns,
  }, () => {
    const key = fc.oneof(
      fc.constantFrom(
        'status',
        'dateLastUpdated',
        'shipments',
        '0',
        '12',
        'a"b',
        'a\\b',
        'é',
        '__proto__',
        '',
      ),
      fc.string({ maxLength: 3 }),
    );
    const text = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom('"', '\\', '{', '}', ',', '[', ']', ':'),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(text, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null)),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    }));
    const document = fc.dictionary(key, value, { maxKeys: 40 });
    fc.assert(
      fc.property(document, document, fc.boolean(), (before, after, first) => {
        // Versions as the store holds them: read from JSON, so __proto__ is an own member.
        const old = JSON.parse(JSON.stringify(before)) as Record<string, unknown>;
        // The next version shares some members with the one before, as versions do.
        const next = JSON.parse(JSON.stringify({ ...old, ...after })) as Record<string, unknown>;
        expect(changedTexts(first ? null : JSON.stringify(old), JSON.stringify(next))).toEqual(
          parsedChangedMembers(first ? null : old, next),
        );
        expect(changedTexts(JSON.stringify(old), JSON.stringify(old))).toEqual([]);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('elementCount', () => {
  it('counts the elements of an array as parsing it does', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }), (items) => {
        const text = JSON.stringify(items);
        expect(elementCount(text)).toBe((JSON.parse(text) as unknown[]).length);
      }),
      { numRuns: 1_000 },
    );
    expect([undefined, '{}', 'null', '"[1]"'].map(elementCount)).toEqual([0, 0, 0, 0]);
  });
});
