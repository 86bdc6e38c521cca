import { type APIRequestContext, expect } from '@playwright/test';
import { type DemoProduct, demoProducts } from '#sandbox/warehouse/demo-catalog';

/**
 * A plain product of the demo catalog: shipping it asks for no serial or lot, and an order of it does not
 * depend on what other journeys created.
 */
export const plainDemoProductCode = (demoProducts.find((product) => product.kind === 'plain') as DemoProduct)
  .productCode;

/** A suffix that keeps references and product codes unique within one server's in-memory database. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
}

type ReceiveBody = {
  primaryReference: string;
  receiveLines: { productCode: string; quantity: number }[];
  subtype?: 'RET';
  eta?: string;
  secondaryReference?: string;
};

/**
 * Records a test needs before it opens a page, made through the console's API as its pages make them;
 * each call fails the test when the console refuses.
 */
export function recordsThrough(request: APIRequestContext) {
  async function post(path: string, data: unknown) {
    const response = await request.post(path, { data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data;
  }

  return {
    async product(productCode: string, productDescription = `Product ${productCode}`) {
      const product = await post('/api/warehouse/v1/products', {
        productCode,
        productDescription,
        productUnit: 'UNT',
      });
      return product as { id: string; productCode: string };
    },

    /** An entered, rate-shopped order of one line of `productCode`, by default the newest product. */
    async order(
      reference: string,
      { quantity = 1, productCode }: { quantity?: number; productCode?: string } = {},
    ) {
      const newest = async () => {
        const products = await request.get('/api/warehouse/v1/products', { params: { limit: 1 } });
        return (await products.json()).data.products[0]?.productCode as string | undefined;
      };
      await post('/api/warehouse/v1/orders', {
        warehouseCode: 'LAW',
        primaryReference: reference,
        shipToAddress: {
          address: {
            addressLine1: '1 Main St',
            city: 'Austin',
            state: 'TX',
            postalCode: '78701',
            country: 'US',
          },
        },
        orderLines: [{ productCode: productCode ?? (await newest()), quantity }],
        rateGroup: 'STANDARD',
        transportDetail: null,
      });
    },

    async receive(body: ReceiveBody) {
      const receive = await post('/api/warehouse/v1/receives', { warehouseCode: 'LAW', ...body });
      return receive as { id: string; shipments: { id: string }[] };
    },

    /** The warehouse's side, through the sandbox's operator actions on the receive's only open shipment. */
    async receiveGoods(reference: string, receiveLines?: { lineNumber: string; quantity: number }[]) {
      await post(
        `/api/sandbox/v1/receives/${encodeURIComponent(reference)}/receive`,
        receiveLines ? { receiveLines } : {},
      );
    },

    async finalizeReceive(reference: string) {
      await post(`/api/sandbox/v1/receives/${encodeURIComponent(reference)}/finalize`, {});
    },
  };
}

export type Records = ReturnType<typeof recordsThrough>;
