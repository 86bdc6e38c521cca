import type { Page, Route } from '@playwright/test';

// A stand-in for the real operator, answering the browser's /api/warehouse/v1 calls the way the operator's
// documentation shows (operator-docs.md): 24-hex ids, whole-second +00:00 times, `{}` for unset transport
// details and job costing, docket ids, arrival dates, pallets and hold codes, a CAN receive whose only
// shipment is FIN, a PascalCase read, a duplicate refused with 400, and listing parameters ignored. The
// console's proxy passes the operator's answers through as they are, so staging them at the browser is
// faithful to what the pages read; /api/config says the console runs against an upstream.

const hex24 = (n: number) => `677eddd7813921e2260${String(n).padStart(5, '0')}`;
const requestId = 'a3f1c2d4e5b60718293a4b5c6d7e8f90';

export const documented = {
  receive: 'RC-DOC-1',
  order: 'SO-DOC-1',
  unknownStatusOrder: 'SO-DOC-2',
  pascalCaseOrder: 'SO-DOC-3',
  product: 'SKU-DOC-1',
  productId: hex24(301),
  takenProductCode: 'SKU-TAKEN',
};

const created = '2025-01-06T09:00:00+00:00';

const receives = [
  {
    id: hex24(101),
    dateCreated: created,
    dateLastUpdated: '2025-01-09T10:00:00+00:00',
    status: 'CAN',
    warehouseCode: 'CLW',
    primaryReference: documented.receive,
    transportReference: 'MSCU1234567',
    eta: '2025-01-08T00:00:00+00:00',
    additionalReferences: [],
    receiveLines: [
      {
        lineNumber: 1,
        externalLineReference: 'L-1',
        productCode: documented.product,
        quantity: 1.0,
        palletId: 'PLT-0001',
        partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-0001' }],
      },
      {
        lineNumber: 2,
        externalLineReference: 'L-1',
        productCode: documented.product,
        quantity: 1.0,
        palletId: 'PLT-0001',
        partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-0002' }],
      },
    ],
    shipments: [
      {
        id: hex24(102),
        status: 'FIN',
        warehouseCode: 'CLW',
        primaryReference: documented.receive,
        wmsDocketId: 'DKT-40021',
        arrivalDate: '2025-01-08T14:05:00+00:00',
        eta: '2025-01-08T00:00:00+00:00',
        transportReference: 'PRO-88123',
        dateCreated: created,
        dateLastUpdated: '2025-01-08T16:00:00+00:00',
        milestones: [
          { code: 'WHE', description: 'Created', sequence: '1', actualDate: created },
          { code: 'REC', description: 'Received', sequence: '2', actualDate: '2025-01-08T15:30:00+00:00' },
        ],
        receiveLines: [
          {
            lineNumber: 1,
            productCode: documented.product,
            quantity: 1.0,
            palletId: 'PLT-0001',
            holdCode: '',
          },
          {
            lineNumber: 2,
            productCode: documented.product,
            quantity: 1.0,
            palletId: 'PLT-0001',
            holdCode: 'QA',
          },
        ],
      },
    ],
    receiptChannel: 'EDI',
  },
  {
    id: hex24(111),
    dateCreated: created,
    dateLastUpdated: '2025-01-07T10:00:00+00:00',
    status: 'PRS',
    warehouseCode: 'CLW',
    primaryReference: 'RT-DOC-1',
    subtype: 'RET',
    receiveLines: [{ lineNumber: 1, productCode: documented.product, quantity: 1.0 }],
    shipments: [],
  },
];

const shipTo = {
  address: {
    addressLine1: '100 Main St',
    city: 'Clearwater',
    state: 'FL',
    postalCode: '33755',
    country: 'US',
  },
  contact: { personName: 'Dana Reyes', email: 'dana@example.com' },
};

const orderLines = [{ lineNumber: 1, productCode: documented.product, quantity: 2.0, linePrice: 39.99 }];

const orders = [
  {
    id: hex24(201),
    dateCreated: created,
    dateLastUpdated: '2025-01-08T12:00:00+00:00',
    status: 'PRS',
    warehouseCode: 'CLW',
    primaryReference: documented.order,
    requiredShipDate: '2023-05-15T00:00:00+00:00',
    shipToAddress: shipTo,
    transportDetail: {},
    rateGroup: 'RG',
    jobCosting: { branch: 'TPA' },
    packingRequired: false,
    excludeFromTotePicking: true,
    orderLines,
    shipments: [
      {
        id: hex24(202),
        wmsId: 'WMS-7781',
        status: 'HEL',
        dateCreated: created,
        dateLastUpdated: '2025-01-08T12:00:00+00:00',
        transportDetail: {},
        jobCosting: {},
        trackingDetail: {},
        milestones: [{ code: 'WHE', description: 'Created', sequence: '1', actualDate: created }],
        shipmentLines: [{ lineNumber: 1, productCode: documented.product, quantity: 2.0 }],
      },
    ],
  },
  {
    id: hex24(211),
    dateCreated: created,
    dateLastUpdated: '2025-01-07T12:00:00+00:00',
    status: 'XDK',
    warehouseCode: 'CLW',
    primaryReference: documented.unknownStatusOrder,
    shipToAddress: shipTo,
    transportDetail: {},
    jobCosting: {},
    orderLines,
    shipments: [],
  },
  {
    id: hex24(221),
    dateCreated: created,
    dateLastUpdated: '2025-01-05T12:00:00+00:00',
    status: 'FIN',
    warehouseCode: 'CLW',
    primaryReference: documented.pascalCaseOrder,
    shipToAddress: shipTo,
    orderLines,
    // As one of the operator's examples prints a read.
    Shipments: [
      {
        Id: hex24(222),
        Status: 'FIN',
        TrackingDetail: { CarrierCode: 'UPS', TrackingNumber: '1Z999AA10123456784' },
        Milestones: [{ Code: 'WHE', Description: 'Created', Sequence: '1', ActualDate: created }],
        ShipmentLines: [{ LineNumber: 1, ProductCode: documented.product, Quantity: 2.0 }],
      },
    ],
  },
];

const products = Array.from({ length: 23 }, (_, n) => ({
  id: hex24(300 + n),
  productCode: n === 1 ? documented.product : `SKU-DOC-${String(n + 100)}`,
  productDescription: n === 1 ? 'Handheld scanner' : `Documented product ${n}`,
  productUnit: 'UNT',
  unitPrice: '39.99',
  unitPriceCurrency: 'USD',
  dimHeight: 13.25,
  dimUnit: 'IN',
  pickMode: n === 1 ? 'ANE' : 'ASP',
  productAttributes:
    n === 1
      ? [{ key: 'SERIAL NUMBER', requiredForWarehouseRelease: true, requiredForRfConfirmation: false }]
      : [],
  customFields: [],
  dateCreated: created,
  dateLastUpdated: `2025-01-${String(28 - n).padStart(2, '0')}T08:00:00+00:00`,
  hazardClass: n === 1 ? '9' : undefined,
}));

const envelope = (data: unknown, status = 200) => ({
  status,
  json: { data, id: requestId, resource: [], errors: [] },
});

const refusal = (status: number, detail: string, pointer: string) => ({
  status,
  json: {
    data: {},
    id: requestId,
    resource: [],
    errors: [
      {
        id: 'b0f0c5a2-6f0e-4d8e-9a57-0c6f2a1d7e11',
        status: String(status),
        title: 'Bad Request',
        detail,
        source: { pointer },
      },
    ],
  },
});

/** The console's settings against an upstream: the warehouses, keys and rate group of the operator's examples. */
const upstreamConfig = {
  mode: 'upstream',
  upstreamHost: 'wh.example.com',
  organization: null,
  warehouses: ['LAW', 'CLW'],
  attributeKeys: [
    { key: 'SERIAL NUMBER', label: 'Serial number' },
    { key: 'LOT', label: 'Lot' },
  ],
  serialKey: 'SERIAL NUMBER',
  rateGroups: ['RG', 'STANDARD'],
  priceCurrency: 'USD',
};

function answer(route: Route) {
  const request = route.request();
  const url = new URL(request.url());
  const path = url.pathname.replace(/^\/api\/warehouse\/v1/, '');
  const method = request.method();
  const reference = url.searchParams.get('PrimaryReference');
  // The listing's extension (limit, cursor, filters) is ours: the operator ignores it and sends everything,
  // naming the same cursor again whenever it was sent one.
  const nextCursor = url.searchParams.get('cursor') ?? 'documented-next';
  if (method === 'GET' && path === '/orders') return route.fulfill(envelope({ orders }));
  if (method === 'GET' && path === '/receives') return route.fulfill(envelope({ receives }));
  if (method === 'GET' && path === '/products') return route.fulfill(envelope({ products, nextCursor }));
  if (method === 'GET' && path.startsWith('/products/actions/get-id/')) {
    const code = decodeURIComponent(path.split('/').at(-1) ?? '');
    const product = products.find((item) => item.productCode === code);
    return route.fulfill(product ? envelope({ id: product.id }) : refusal(404, 'No product', '/productCode'));
  }
  if (method === 'GET' && path.startsWith('/products/')) {
    const product = products.find((item) => item.id === path.split('/').at(-1));
    return route.fulfill(product ? envelope(product) : refusal(404, 'No product', '/id'));
  }
  if (method === 'POST' && path === '/products') {
    const body = request.postDataJSON() as { productCode: string };
    if (body.productCode === documented.takenProductCode)
      return route.fulfill(
        refusal(400, `Product with productCode ${body.productCode} already exists`, '/productCode'),
      );
    // The create answer omits pickMode and customFields.
    const { pickMode: _pickMode, customFields: _customFields, ...rest } = products[1];
    return route.fulfill(envelope({ ...rest, ...body, id: documented.productId }));
  }
  return route.fulfill(
    refusal(404, `The stand-in has no ${method} ${path} (lookup ${reference ?? 'none'})`, '/'),
  );
}

/**
 * The console's index as it answers a record page over this operator: the document found by its exact
 * reference, as a lookup would have indexed it (the server's part is tested in record-routes.test.ts).
 */
function answerFromIndex(route: Route) {
  const [kind = '', reference = ''] = new URL(route.request().url()).pathname.split('/').slice(-2);
  const wanted = decodeURIComponent(reference);
  const record = (kind === 'order' ? orders : receives).find((item) => item.primaryReference === wanted);
  if (!record) return route.fulfill(refusal(404, `No ${kind} ${wanted}`, '/'));
  const indexedKind = kind === 'order' ? 'order' : 'subtype' in record ? 'return' : 'receive';
  return route.fulfill(
    envelope({
      kind: indexedKind,
      reference: wanted,
      source: 'lookup',
      asOf: new Date().toISOString(),
      updated: record.dateLastUpdated,
      document: record,
    }),
  );
}

/** Routes the page's interface calls, record reads and console settings to the documented stand-in. */
export async function useDocumentedOperator(page: Page) {
  await page.route('**/api/config', (route) => route.fulfill(envelope(upstreamConfig)));
  await page.route('**/api/warehouse/v1/**', answer);
  await page.route('**/api/index/records/**', answerFromIndex);
}

/** Opens a record page's "All fields" disclosure (if closed) and returns the row of `path`. */
export async function allFieldsRow(page: Page, label: string, path: string) {
  const table = page.getByRole('table', { name: `All fields of ${label}` });
  if (!(await table.isVisible())) await page.getByText('All fields', { exact: true }).click();
  return table.getByRole('row').filter({ has: page.getByText(path, { exact: true }) });
}
