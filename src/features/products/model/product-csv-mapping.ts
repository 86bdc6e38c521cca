import type { ProductCreate } from '@/contract/product';
import type { ImportedRow } from '@/contract/product-import';
import type { CsvTable } from '@/domain/csv-file';
import { emptyProductFormValues } from './product-form-schema';

/** The members of the create contract a column can fill, with the words the mapping step shows. */
export const productColumnFields = {
  productCode: 'Product code',
  productDescription: 'Description',
  productUnit: 'Unit',
  unitPrice: 'Price',
  unitPriceCurrency: 'Currency',
  dimHeight: 'Height',
  dimWidth: 'Width',
  dimDepth: 'Depth',
  dimUnit: 'Size unit',
  weightPerProduct: 'Weight',
  weightPerProductUnit: 'Weight unit',
  clientProductCode: 'Client product code',
  clientProductDescription: 'Client description',
  clientProductUnit: 'Client unit',
  pickMode: 'Pick mode',
} as const satisfies Partial<Record<keyof ProductCreate, string>>;
type ColumnField = keyof typeof productColumnFields;

/** Where a column goes: a member, an attribute (`attribute:LOT`), a custom field (`custom:color`), or nowhere (''). */
export type ColumnTarget = ColumnField | `attribute:${string}` | `custom:${string}` | '';

const compact = (header: string) => header.toLowerCase().replace(/[\s_\-.()[\]]/g, '');

/** Other names spreadsheets give the members, compacted (lower case, no spaces, - _ or .). */
const headerNames: Record<string, ColumnField> = {
  ...Object.fromEntries(Object.keys(productColumnFields).map((field) => [compact(field), field])),
  code: 'productCode',
  sku: 'productCode',
  itemcode: 'productCode',
  item: 'productCode',
  skucode: 'productCode',
  productsku: 'productCode',
  itemnumber: 'productCode',
  partnumber: 'productCode',
  description: 'productDescription',
  name: 'productDescription',
  productname: 'productDescription',
  itemname: 'productDescription',
  title: 'productDescription',
  unit: 'productUnit',
  uom: 'productUnit',
  unitofmeasure: 'productUnit',
  price: 'unitPrice',
  cost: 'unitPrice',
  unitcost: 'unitPrice',
  value: 'unitPrice',
  currency: 'unitPriceCurrency',
  height: 'dimHeight',
  width: 'dimWidth',
  depth: 'dimDepth',
  length: 'dimDepth',
  sizeunit: 'dimUnit',
  weight: 'weightPerProduct',
  weightunit: 'weightPerProductUnit',
  clientcode: 'clientProductCode',
  clientdescription: 'clientProductDescription',
  clientunit: 'clientProductUnit',
};

/** The operator's attribute keys with their labels, and which is the serial number's (the console's settings). */
export type AttributePacket = { attributeKeys: readonly { key: string; label: string }[]; serialKey: string };

/** What a spreadsheet calls a serial-number column: a yes in it puts the serial-number attribute on. */
const serialHeaders = new Set([
  'serialized',
  'serialised',
  'serial',
  'serialnumber',
  'serialnumbers',
  'hasserial',
]);

/** "Weight (lb)", "Price [USD]": a header's name and the unit in its brackets, if any. */
function unitInBrackets(header: string): { name: string; unit: string | null } {
  const bracketed = /^(.*?)[([]\s*([^)\]]+?)\s*[)\]]\s*$/.exec(header.trim());
  return bracketed?.[1] && bracketed[2]
    ? { name: bracketed[1], unit: bracketed[2] }
    : { name: header, unit: null };
}

/**
 * The target a header names, in any letter case and with or without a unit in brackets: a known name
 * ("SKU", "Product name", "Weight (lb)"), an attribute by its key or label ("Lot", "Expiry date"), the
 * serial number's attribute ("Serialized"), `attribute:KEY` or `custom:KEY`; else nowhere.
 */
export function guessColumnTarget(header: string, packet?: AttributePacket): ColumnTarget {
  const prefixed = /^(attribute|custom)\s*:\s*(.+)$/i.exec(header.trim());
  if (prefixed?.[1] && prefixed[2])
    return `${prefixed[1].toLowerCase() as 'attribute' | 'custom'}:${prefixed[2].trim()}`;
  const name = compact(unitInBrackets(header).name);
  const known = headerNames[name];
  if (known) return known;
  if (!packet) return '';
  if (serialHeaders.has(name)) return `attribute:${packet.serialKey}`;
  const attribute = packet.attributeKeys.find(({ key, label }) =>
    [key, label].some((said) => compact(said) === name),
  );
  return attribute ? `attribute:${attribute.key}` : '';
}

/** The units of the members whose column says one in brackets: "Weight (lb)" gives weights in LB. */
const unitMembers: Partial<Record<ColumnTarget, keyof ProductCreate>> = {
  unitPrice: 'unitPriceCurrency',
  dimHeight: 'dimUnit',
  dimWidth: 'dimUnit',
  dimDepth: 'dimUnit',
  weightPerProduct: 'weightPerProductUnit',
};
/** How people write the units the interface takes; another is sent as written, for the checks to name. */
const unitSpellings: Record<string, string> = {
  lbs: 'LB',
  pound: 'LB',
  pounds: 'LB',
  inch: 'IN',
  inches: 'IN',
  $: 'USD',
};

/** The units a file's headers give in brackets, by the member they are the unit of. */
function bracketedUnits(headers: readonly string[], targets: readonly ColumnTarget[]) {
  const units: Record<string, string> = {};
  headers.forEach((header, index) => {
    const member = unitMembers[targets[index] ?? ''];
    const { unit } = unitInBrackets(header);
    if (member && unit) units[member] = unitSpellings[unit.toLowerCase()] ?? unit.toUpperCase();
  });
  return units;
}

const numberFields = new Set<string>(['dimHeight', 'dimWidth', 'dimDepth', 'weightPerProduct']);

/**
 * A number as typed: 12.5, or 12,5 as a spreadsheet with a decimal comma saves it (no thousands
 * separators are read: 1,250 is refused by the checks rather than guessed).
 */
function decimalText(text: string): string {
  return /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
}

/** What a spreadsheet writes for "no": such a cell leaves the attribute off, as an empty one does. */
const offWords = new Set(['no', 'n', 'false', '0', 'off', 'none', '-']);

/** An attribute cell: empty or "no" (not on the product), or on, with the flags its words name. */
function attributeOf(key: string, cell: string) {
  const words = cell.toLowerCase();
  return {
    key,
    requiredForWarehouseRelease: /\brelease\b/.test(words),
    requiredForRfConfirmation: /\brf\b/.test(words),
  };
}

/**
 * One record of the file as the create contract's members, by `targets` (one per column). Empty cells are
 * left out, and filled as the New product form fills them (unit UNT, the form's currency and units when
 * a price, size or weight is given); code and description are always sent, so an empty one is named by
 * the checks. Numbers the checks cannot read are sent as typed, for the checks to say so.
 */
export function productFromRecord(
  cells: readonly string[],
  targets: readonly ColumnTarget[],
  /** Units the headers give in brackets, by member: filled where the row gives a number and no unit. */
  units: Readonly<Record<string, string>> = {},
) {
  const defaults = emptyProductFormValues();
  const product: Record<string, unknown> = { productCode: '', productDescription: '' };
  const productAttributes: ReturnType<typeof attributeOf>[] = [];
  const customFields: { key: string; value: string }[] = [];
  targets.forEach((target, index) => {
    const cell = (cells[index] ?? '').trim();
    if (target === '' || cell === '') return;
    if (target.startsWith('attribute:')) {
      if (!offWords.has(cell.toLowerCase())) productAttributes.push(attributeOf(target.slice(10), cell));
    } else if (target.startsWith('custom:')) customFields.push({ key: target.slice(7), value: cell });
    else if (numberFields.has(target)) {
      const text = decimalText(cell);
      product[target] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : cell;
    } else if (target === 'unitPrice') product[target] = decimalText(cell);
    else product[target] = cell;
  });
  product.productUnit ??= defaults.productUnit;
  if (product.unitPrice !== undefined)
    product.unitPriceCurrency ??= units.unitPriceCurrency ?? defaults.unitPriceCurrency;
  if (['dimHeight', 'dimWidth', 'dimDepth'].some((name) => product[name] !== undefined))
    product.dimUnit ??= units.dimUnit ?? defaults.dimUnit;
  if (product.weightPerProduct !== undefined)
    product.weightPerProductUnit ??= units.weightPerProductUnit ?? defaults.weightPerProductUnit;
  if (productAttributes.length > 0) product.productAttributes = productAttributes;
  if (customFields.length > 0) product.customFields = customFields;
  return product;
}

/** Every record of the file as the import routes take it, numbered as a spreadsheet shows it (header row 1). */
export function importedRows(table: CsvTable, targets: readonly ColumnTarget[]): ImportedRow[] {
  const units = bracketedUnits(table.headers, targets);
  return table.rows.map((cells, index) => ({
    row: table.rowNumbers[index] as number,
    product: productFromRecord(cells, targets, units),
  }));
}
