import type { Page, Route } from '@playwright/test';
import { documented, orders, products, receives } from './documented-records';

// A stand-in for the real operator, answering the browser's /api/warehouse/v1 calls the way the operator's
// documentation shows (operator-docs.md): 24-hex ids, whole-second +00:00 times, `{}` for unset transport
// details and job costing, docket ids, arrival dates, pallets and hold codes, a CAN receive whose only
// shipment is FIN, a PascalCase read, a duplicate refused with 400, and listing parameters ignored. The
// console's proxy passes the operator's answers through as they are, so staging them at the browser is
// faithful to what the pages read; /api/config says the console runs against an upstream.

const requestId = 'a3f1c2d4e5b60718293a4b5c6d7e8f90';

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
  claimWindowDays: 90,
  customerNextStep: { step: 'contact', contact: null },
  claimant: { name: 'Northwind Goods Ltd', contact: 'claims@northwind.example, +1 303 555 0100' },
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

/**
 * The new product form filled in for the documented product as the operator's ANE example sets it: the
 * serial number captured at warehouse release, which the summary's rule refuses.
 */
export async function fillAneWithReleaseCapture(page: Page) {
  await page.goto('/products/new');
  await page.getByLabel('Product code (SKU)').fill(documented.product);
  await page.getByRole('textbox', { name: /^Description/ }).fill('Handheld scanner');
  await page.getByText('ANE: attribute neutral').click();
  await page.getByRole('button', { name: 'Add attribute' }).click();
  const attribute = page.getByRole('group', { name: 'Attribute 1', exact: true });
  await attribute.getByLabel('Attribute 1 key').selectOption('SERIAL NUMBER');
  await attribute.getByLabel('Capture at warehouse release').check();
}
