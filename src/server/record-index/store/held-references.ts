/**
 * Of the references asked, those some held reference names in any letter case (held ones share a compact
 * key with what was asked, so a key match alone is not yet the same reference). One rule for both engines.
 */
export function heldAmong(asked: readonly string[], held: readonly { reference: string }[]): string[] {
  const lowered = new Set(held.map(({ reference }) => reference.toLowerCase()));
  return asked.filter((reference) => lowered.has(reference.toLowerCase()));
}
