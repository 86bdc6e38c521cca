import type { Product, ProductUpdate } from '@/contract/product';

type EditableOutput = Omit<ProductUpdate, 'productCode' | 'productAttributes' | 'customFields'>;

function sameValue(before: unknown, after: unknown): boolean {
  if (typeof before === 'number' || typeof after === 'number') return Number(before) === Number(after);
  return (before ?? '') === (after ?? '');
}

/** Only the members whose value differs from the stored product, as the PATCH should carry them. */
export function changedProductFields(product: Product, values: EditableOutput): ProductUpdate {
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (!sameValue(product[name as keyof Product], value)) changes[name] = value;
  }
  return changes as ProductUpdate;
}
