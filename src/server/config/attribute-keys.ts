import { list } from '../../http/environment-settings';

/** A part attribute key the warehouse captures (WAREHOUSE_ATTRIBUTE_KEYS) and what people call it. */
export type AttributeKey = { key: string; label: string };

/**
 * `SN:Serial number,LOT:Lot` → [{ key: 'SN', label: 'Serial number' }, ...]; a key without a label is its own
 * label.
 */
export function parseAttributeKeys(value: string | undefined): AttributeKey[] {
  return list(['SN:Serial number', 'LOT:Lot', 'EXP:Expiry date'])
    .parse(value)
    .map((item) => {
      const colon = item.indexOf(':');
      const key = (colon === -1 ? item : item.slice(0, colon)).trim();
      const label = colon === -1 ? '' : item.slice(colon + 1).trim();
      if (key === '') throw new Error(`WAREHOUSE_ATTRIBUTE_KEYS has an entry without a key: "${item}"`);
      return { key, label: label || key };
    });
}
