import { limits } from '../../../contract/limits';
import type { Order } from '../../../contract/order';
import type { Product } from '../../../contract/product';
import type { Receive } from '../../../contract/receive';
import { isReturnReasonKey } from '../../../contract/return-references';

/** One searchable value of a record, under the name of the field it came from. */
export type SearchValue = { field: string; value: string; group: SearchGroup };
/** Search groups, best first: a match on a reference ranks above one on a name, and so on. */
export const searchGroups = ['refs', 'people', 'contact', 'tracking', 'items'] as const;
export type SearchGroup = (typeof searchGroups)[number];

function addressValues(block: Order['shipToAddress'], side: string): SearchValue[] {
  const address = block?.address;
  const contact = block?.contact;
  const values: SearchValue[] = [
    { field: `${side}.personName`, value: contact?.personName ?? '', group: 'people' },
    { field: `${side}.organization`, value: address?.organization ?? '', group: 'people' },
    { field: `${side}.emailAddress`, value: contact?.emailAddress ?? '', group: 'contact' },
    { field: `${side}.phoneNumber`, value: contact?.phoneNumber ?? '', group: 'contact' },
    { field: `${side}.mobileNumber`, value: contact?.mobileNumber ?? '', group: 'contact' },
    { field: `${side}.postalCode`, value: address?.postalCode ?? '', group: 'contact' },
  ];
  return values;
}

function referenceValues(document: {
  primaryReference?: string;
  secondaryReference?: string;
  additionalReferences: { key: string; value: string }[];
}): SearchValue[] {
  return [
    { field: 'primaryReference', value: document.primaryReference ?? '', group: 'refs' },
    { field: 'secondaryReference', value: document.secondaryReference ?? '', group: 'refs' },
    ...document.additionalReferences.map(
      (reference): SearchValue =>
        isReturnReasonKey(reference.key)
          ? { field: 'returnReason', value: reference.value, group: 'items' }
          : { field: `additionalReferences.${reference.key}`, value: reference.value, group: 'refs' },
    ),
  ];
}

type PartLine = {
  partAttributes: { key: string; value: string }[];
  sublines?: { partAttributes: { key: string; value: string }[] }[];
};

/** Serial numbers, lots and other part attributes, named by their attribute key. */
function partValues(lines: PartLine[]): SearchValue[] {
  return lines.flatMap((line) =>
    [...line.partAttributes, ...(line.sublines ?? []).flatMap((subline) => subline.partAttributes)].map(
      (attribute): SearchValue => ({
        field: `partAttributes.${attribute.key}`,
        value: attribute.value,
        group: 'items',
      }),
    ),
  );
}

/** The products of a record's lines, and the parts of its lines and of what was shipped or received. */
function itemValues(lines: (PartLine & { productCode: string })[], handledLines: PartLine[]): SearchValue[] {
  return [
    ...lines.map((line): SearchValue => ({ field: 'productCode', value: line.productCode, group: 'items' })),
    ...partValues(lines),
    ...partValues(handledLines),
  ];
}

/**
 * The longest title or search value the index keeps: the interface's longest free text but notes. A
 * document sending more is cut there rather than filling the index and every answer that lists it.
 */
const maxStoredText = limits.maxLength.description;

export function bounded(text: string): string {
  return text.length > maxStoredText ? text.slice(0, maxStoredText) : text;
}

function distinct(values: SearchValue[]): SearchValue[] {
  const seen = new Set<string>();
  const kept: SearchValue[] = [];
  for (const item of values) {
    const value = bounded(item.value);
    const key = `${item.field}\u0000${value}`;
    if (value.trim() === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(value === item.value ? item : { ...item, value });
  }
  return kept;
}

/** What an order is found by: its references, whom it ships to, its tracking, its products and parts. */
export function orderSearchValues(order: Order): SearchValue[] {
  return distinct([
    ...referenceValues(order),
    ...addressValues(order.shipToAddress, 'shipTo'),
    ...order.shipments.flatMap((shipment): SearchValue[] => [
      { field: 'trackingNumber', value: shipment.trackingDetail?.trackingNumber ?? '', group: 'tracking' },
      ...shipment.packages.map(
        (box): SearchValue => ({
          field: 'packageReference',
          value: box.packageReference ?? '',
          group: 'tracking',
        }),
      ),
    ]),
    ...itemValues(
      order.orderLines,
      order.shipments.flatMap((shipment) => shipment.shipmentLines),
    ),
  ]);
}

/** What a receive or return is found by: its references, transport, sender, products and parts. */
export function receiveSearchValues(receive: Receive): SearchValue[] {
  return distinct([
    ...referenceValues(receive),
    { field: 'transportReference', value: receive.transportReference ?? '', group: 'tracking' },
    ...addressValues(receive.shipFromAddress, 'shipFrom'),
    ...itemValues(
      receive.receiveLines,
      receive.shipments.flatMap((shipment) => shipment.receiveLines),
    ),
  ]);
}

/** What a product is found by: its code and its description. */
export function productSearchValues(product: Product): SearchValue[] {
  return distinct([
    { field: 'productCode', value: product.productCode, group: 'refs' },
    { field: 'productDescription', value: product.productDescription ?? '', group: 'items' },
  ]);
}
