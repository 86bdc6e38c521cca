import type { ProductFormValues } from './product-form-schema';

const topLevelFields = new Set([
  'productCode',
  'productDescription',
  'productUnit',
  'unitPrice',
  'unitPriceCurrency',
  'dimHeight',
  'dimWidth',
  'dimDepth',
  'dimUnit',
  'weightPerProduct',
  'weightPerProductUnit',
  'clientProductCode',
  'clientProductDescription',
  'clientProductUnit',
  'pickMode',
]);

const attributeMembers = new Set(['key', 'requiredForWarehouseRelease', 'requiredForRfConfirmation']);
const customFieldMembers = new Set(['key', 'value']);

/** Whether a form path (e.g. `productAttributes.0.key`) names an input the form shows right now. */
export function isProductFormField(
  name: string,
  values: Pick<ProductFormValues, 'productAttributes' | 'customFields'>,
): boolean {
  if (topLevelFields.has(name)) return true;
  const [list, index, member] = name.split('.');
  const position = Number(index);
  if (!member || !Number.isInteger(position)) return false;
  if (list === 'productAttributes')
    return position < values.productAttributes.length && attributeMembers.has(member);
  if (list === 'customFields') return position < values.customFields.length && customFieldMembers.has(member);
  return false;
}

/** The edit form shows only the top-level editable members; the code is read-only there. */
export function isProductEditField(name: string): boolean {
  return topLevelFields.has(name) && name !== 'productCode';
}
