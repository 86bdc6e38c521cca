import { describe, expect, it } from 'vitest';
import { emptyReceiveForm, type ReceiveFormValues, receiveFormSchema, toReceiveInput } from './receive-form';

function filled(overrides: Partial<ReceiveFormValues> = {}): ReceiveFormValues {
  return {
    ...emptyReceiveForm('LAW'),
    primaryReference: ' PO-77 ',
    receiveLines: [{ productCode: 'BOLT', quantity: 12, quantityUnit: 'UNT', externalLineReference: '' }],
    ...overrides,
  };
}

function messages(values: ReceiveFormValues) {
  const result = receiveFormSchema.safeParse(values);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('receiveFormSchema', () => {
  it('accepts a minimal receive with no ship-from address', () => {
    expect(messages(filled())).toEqual([]);
  });

  it('names each missing or wrong field in words', () => {
    const values = filled({
      warehouseCode: '',
      primaryReference: '  ',
      eta: 'soon',
      receiveLines: [{ productCode: '', quantity: '', quantityUnit: '', externalLineReference: '' }],
    });
    expect(messages(values)).toEqual([
      ['warehouseCode', 'Choose a warehouse'],
      ['primaryReference', 'Enter the reference'],
      ['eta', 'Use a date, for example 2026-11-22'],
      ['receiveLines.0.productCode', 'Choose a product'],
      ['receiveLines.0.quantity', 'Enter a quantity'],
      ['receiveLines.0.quantityUnit', 'Enter a unit'],
    ]);
    expect(messages(filled({ receiveLines: [] }))).toEqual([['receiveLines', 'Add at least one line']]);
  });

  it("shows the contract's limits on the field they concern", () => {
    const values = filled({
      secondaryReference: 'S'.repeat(101),
      receiveLines: [
        { productCode: 'BOLT\u202e', quantity: 1, quantityUnit: 'UNT', externalLineReference: '' },
      ],
    });
    values.shipFromAddress.address.postalCode = '9'.repeat(21);
    expect(messages(values)).toEqual([
      ['secondaryReference', 'Use at most 100 characters'],
      ['receiveLines.0.productCode', 'Must not contain invisible direction-control characters'],
      ['shipFromAddress.address.addressLine1', 'Enter the first address line'],
      ['shipFromAddress.address.country', 'Use a two- or three-letter country code, for example US or USA'],
      ['shipFromAddress.address.postalCode', 'Use at most 20 characters'],
    ]);
  });

  it('checks a ship-from address only once something of it is filled in', () => {
    const values = filled();
    values.shipFromAddress.contact.personName = 'Dana';
    values.shipFromAddress.contact.emailAddress = 'not-an-email';
    expect(messages(values)).toEqual([
      ['shipFromAddress.address.addressLine1', 'Enter the first address line'],
      ['shipFromAddress.address.country', 'Use a two- or three-letter country code, for example US or USA'],
      ['shipFromAddress.contact.emailAddress', 'Enter a valid email address'],
    ]);
  });
});

describe('toReceiveInput', () => {
  it('leaves blank optional members out and sends the unit of each line', () => {
    expect(toReceiveInput(filled())).toEqual({
      warehouseCode: 'LAW',
      primaryReference: 'PO-77',
      receiveLines: [{ productCode: 'BOLT', quantity: 12, quantityUnit: 'UNT' }],
    });
  });

  it('keeps the transport reference, the ETA and the sender, and is no return', () => {
    const values = filled({ transportReference: '1Z999', eta: '2026-12-01' });
    values.shipFromAddress.address.addressLine1 = '1 Main St';
    values.shipFromAddress.address.country = 'US';
    values.shipFromAddress.contact.personName = 'Dana Customer';
    const input = toReceiveInput(values);
    expect(input.subtype).toBeUndefined();
    expect(input).toMatchObject({
      transportReference: '1Z999',
      eta: '2026-12-01T00:00:00+00:00',
      shipFromAddress: {
        address: { addressLine1: '1 Main St', country: 'US' },
        contact: { personName: 'Dana Customer' },
      },
    });
  });
});
