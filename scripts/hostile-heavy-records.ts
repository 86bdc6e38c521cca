/**
 * bench:hostile's heavy records, delivered to the console through its webhook as the operator would send
 * them, and the heavy requests made of them: claim packets of a receive of 10,000 serial numbers, traces of
 * a lot thousands of small orders hold and of one that large orders hold, dry runs of a 10,000-row product
 * import, searches whose candidates are large records, and sign-ins from many addresses with many names.
 */
import { Agent } from 'node:http';
import { sized } from './bench-support';
import { type Outcome, type SendOptions, send } from './hostile-requests';

const webhooks = '/api/webhooks/warehouse';
const when = '2026-11-20T10:00:00+00:00';

export const heavyReferences = {
  serialReceive: 'PO-HEAVY-SERIALS',
  /** A lot on each of thousands of small orders. */
  smallOrdersLot: 'LOT-HEAVY-SMALL',
  /** A lot on one line of each of many large orders. */
  largeOrdersLot: 'LOT-HEAVY-LARGE',
  /** The customer of every large order: a search for them ranks large records. */
  largeOrdersCustomer: 'Hester Heavyweather',
} as const;

export const heavyCounts = {
  serials: sized(10_000, 1_000),
  smallOrders: sized(2_100, 210),
  largeOrders: sized(150, 15),
  largeOrderLines: sized(400, 40),
  importRows: sized(10_000, 1_000),
};

const address = (name: string) => ({
  address: {
    organization: '',
    line1: '1 Heavy Street',
    city: 'Springfield',
    postalCode: '12345',
    country: 'US',
  },
  contact: { personName: name, emailAddress: `${name.split(' ')[0]?.toLowerCase()}@example.com` },
});

function serialReceive() {
  const sublines = Array.from({ length: heavyCounts.serials }, (_, index) => ({
    quantity: 1,
    partAttributes: [{ key: 'SN', value: `HSN${String(index).padStart(8, '0')}` }],
  }));
  return {
    id: 'heavy-receive-1',
    primaryReference: heavyReferences.serialReceive,
    status: 'FIN',
    warehouseCode: 'WH-EAST',
    dateCreated: when,
    dateLastUpdated: when,
    shipFromAddress: address('Bulk Supplier'),
    receiveLines: [{ productCode: 'HVY-SERIAL', quantity: heavyCounts.serials + 5 }],
    shipments: [
      {
        id: 'heavy-receive-1-s',
        status: 'FIN',
        dateCreated: when,
        dateLastUpdated: when,
        receiveLines: [{ productCode: 'HVY-SERIAL', quantity: heavyCounts.serials, sublines }],
      },
    ],
  };
}

function shippedOrder(
  index: number,
  { customer, lines, lot }: { customer: string; lines: number; lot: string },
) {
  const reference = `SO-HEAVY-${lines > 1 ? 'L' : 'S'}${index}`;
  const codes = Array.from({ length: lines }, (_, line) => `HVY-${String(line).padStart(4, '0')}`);
  return {
    id: `heavy-order-${reference}`,
    primaryReference: reference,
    status: 'FIN',
    warehouseCode: 'WH-EAST',
    dateCreated: when,
    dateLastUpdated: when,
    shipToAddress: address(customer),
    orderLines: codes.map((productCode) => ({ productCode, quantity: 2 })),
    shipments: [
      {
        id: `${reference}-s`,
        status: 'FIN',
        actualShipDate: when,
        trackingDetail: { trackingNumber: `1ZHEAVY${index}` },
        shipmentLines: codes.map((productCode, line) => ({
          productCode,
          quantity: 2,
          sublines: [
            {
              quantity: 2,
              partAttributes: [
                { key: 'LOT', value: line === 0 ? lot : `LOT-OTHER-${index}-${line}` },
                { key: 'EXP', value: '2028-04-24' },
              ],
            },
          ],
        })),
      },
    ],
  };
}

/** Delivers the heavy records through the webhook, a few at a time; throws unless each was taken. */
export async function deliverHeavyRecords(port: number, webhookToken: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const documents: unknown[] = [serialReceive()];
  for (let index = 0; index < heavyCounts.smallOrders; index++)
    documents.push(
      shippedOrder(index, {
        customer: `Small Buyer ${index}`,
        lines: 1,
        lot: heavyReferences.smallOrdersLot,
      }),
    );
  for (let index = 0; index < heavyCounts.largeOrders; index++)
    documents.push(
      shippedOrder(index, {
        customer: heavyReferences.largeOrdersCustomer,
        lines: heavyCounts.largeOrderLines,
        lot: heavyReferences.largeOrdersLot,
      }),
    );
  for (let start = 0; start < documents.length; start += 8) {
    const outcomes = await Promise.all(
      documents.slice(start, start + 8).map((document) =>
        send({ port }, agent, 'POST', webhooks, {
          body: JSON.stringify(document),
          headers: { 'content-type': 'application/json', 'x-webhook-token': webhookToken },
          timeoutMs: 60_000,
        }),
      ),
    );
    const refused = outcomes.find((outcome) => outcome.status !== 200 || /rejected/.test(outcome.body));
    if (refused)
      throw new Error(`a heavy record was not taken: ${refused.status} ${refused.body.slice(0, 300)}`);
  }
  agent.destroy();
}

/** The body of a dry run of `rows` new products, each as the import page maps a CSV row. */
export function importDryRunBody(rows: number): string {
  return JSON.stringify({
    rows: Array.from({ length: rows }, (_, index) => ({
      row: index + 2,
      product: {
        productCode: `IMPORT-HEAVY-${index}`,
        productDescription: `Imported product number ${index} of the heavy bench`,
        unitOfMeasure: 'EA',
        weight: 1.5,
        price: 12.5,
      },
    })),
  });
}

type Sender = (path: string, method?: string, options?: SendOptions) => Promise<Outcome>;

/** A heavy kind of the mixed phase: 503 with Retry-After is a right answer for each (shed or queued out). */
export type HeavyKind = {
  name: string;
  share: number;
  rightAnswers: number[];
  variants: number;
  send: (sender: Sender, turn: number) => Promise<Outcome>;
};

export function heavyKinds(): HeavyKind[] {
  const importBody = importDryRunBody(heavyCounts.importRows);
  const trace = (value: string) => `/api/trace?q=${encodeURIComponent(value)}`;
  let sprayer = 0;
  return [
    {
      name: `claim packet PDF, ${heavyCounts.serials.toLocaleString('en-US')} serials`,
      share: 2,
      rightAnswers: [200, 503],
      variants: 1,
      send: (sender) => sender(`/api/index/receives/${heavyReferences.serialReceive}/claim.pdf`),
    },
    {
      name: 'claim packet CSV',
      share: 1,
      rightAnswers: [200, 503],
      variants: 1,
      send: (sender) => sender(`/api/index/receives/${heavyReferences.serialReceive}/claim.csv`),
    },
    {
      name: `trace, lot on ${heavyCounts.smallOrders.toLocaleString('en-US')} orders`,
      share: 2,
      rightAnswers: [200, 503],
      variants: 2,
      send: (sender, turn) =>
        sender(
          turn % 2 === 0
            ? trace(heavyReferences.smallOrdersLot)
            : `/api/trace.csv?q=${encodeURIComponent(heavyReferences.smallOrdersLot)}`,
        ),
    },
    {
      name: `trace, lot on ${heavyCounts.largeOrders} large orders`,
      share: 1,
      rightAnswers: [200, 503],
      variants: 1,
      send: (sender) => sender(trace(heavyReferences.largeOrdersLot)),
    },
    {
      name: `import dry run, ${heavyCounts.importRows.toLocaleString('en-US')} rows`,
      share: 1,
      rightAnswers: [200, 503],
      variants: 1,
      send: (sender) =>
        sender('/api/imports/products/check', 'POST', { body: importBody, timeoutMs: 60_000 }),
    },
    {
      name: 'search over large records',
      share: 3,
      rightAnswers: [200, 503],
      variants: 3,
      send: (sender, turn) =>
        sender(
          `/api/search?q=${encodeURIComponent([heavyReferences.largeOrdersCustomer, 'hester', 'HSN0000'][turn % 3] as string)}`,
        ),
    },
    {
      // A sprayer: another name each time, from one of many addresses, so neither limit stops the hashing.
      name: 'sign-in, many names and addresses',
      share: 3,
      rightAnswers: [401, 429, 503],
      variants: 1,
      send: (sender) => {
        sprayer += 1;
        return sender('/api/session', 'POST', {
          body: JSON.stringify({ name: `sprayed-${sprayer}`, password: crypto.randomUUID() }),
          localAddress: `127.0.${1 + (sprayer % 200)}.${1 + (Math.floor(sprayer / 200) % 250)}`,
        });
      },
    },
  ];
}
