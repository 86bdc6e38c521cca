import type { RecordStore } from '../store/record-store-port';

/** What the index holds of a product that pages and packets name it by: its description and price. */
export type ProductFacts = { description: string | null; unitPrice: number | null; currency: string | null };

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * Each code's product as the console's index holds it, read from the index alone, one small read a distinct
 * code; a code it does not know is absent, and the operator is never asked.
 */
export async function productFactsOf(
  store: RecordStore,
  codes: readonly string[],
): Promise<Map<string, ProductFacts>> {
  const distinct = [...new Set(codes)];
  const found = await Promise.all(distinct.map((code) => store.find('product', code)));
  const facts = new Map<string, ProductFacts>();
  distinct.forEach((code, index) => {
    const product = found[index]?.document;
    if (!product) return;
    // The interface sends a price as a decimal string ("12.50"); an empty one is no price.
    const price = product.unitPrice;
    const amount = typeof price === 'number' || textOrNull(price) ? Number(price) : Number.NaN;
    facts.set(code, {
      description: textOrNull(product.productDescription),
      unitPrice: Number.isFinite(amount) ? amount : null,
      currency: textOrNull(product.unitPriceCurrency),
    });
  });
  return facts;
}

/** Each code's description as the console's index holds it; a code without one is absent. */
export async function productDescriptionsOf(
  store: RecordStore,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const descriptions = new Map<string, string>();
  for (const [code, { description }] of await productFactsOf(store, codes))
    if (description !== null) descriptions.set(code, description);
  return descriptions;
}
