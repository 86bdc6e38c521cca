import type { RecordStore } from '../store/record-store-port';

/**
 * Each code's description as the console's index holds it, read from the index alone; a code it does not
 * know, or whose product has no description, is absent, and the operator is never asked.
 */
export async function productDescriptionsOf(
  store: RecordStore,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(codes)];
  const found = await Promise.all(distinct.map((code) => store.find('product', code)));
  const descriptions = new Map<string, string>();
  distinct.forEach((code, index) => {
    const description = found[index]?.document.productDescription;
    if (typeof description === 'string' && description !== '') descriptions.set(code, description);
  });
  return descriptions;
}
