/** Request bodies of the interface, minimal and valid, for tests and benchmarks (no test runner needed). */
export const productBody = (productCode: string, extra: Record<string, unknown> = {}) => ({
  productCode,
  productDescription: `Product ${productCode}`,
  productUnit: 'UNT',
  ...extra,
});

export const orderBody = (
  primaryReference: string,
  productCode: string,
  extra: Record<string, unknown> = {},
) => ({
  warehouseCode: 'LAW',
  primaryReference,
  shipToAddress: {
    address: {
      addressLine1: '1 Main St',
      city: 'Los Angeles',
      state: 'CA',
      postalCode: '90001',
      country: 'US',
    },
    contact: { personName: 'Ada Buyer', emailAddress: 'ada@example.com' },
  },
  orderLines: [{ productCode, quantity: 2 }],
  ...extra,
});

export const receiveBody = (
  primaryReference: string,
  productCode: string,
  extra: Record<string, unknown> = {},
) => ({
  warehouseCode: 'NJE',
  primaryReference,
  receiveLines: [{ productCode, quantity: 10 }],
  ...extra,
});
