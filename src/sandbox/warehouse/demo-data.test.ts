import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order';
import type { Product } from '../../contract/product';
import type { Receive } from '../../contract/receive';
import { originalOrderOf, returnReasonOf } from '../../contract/return-references';
import { shippedByProduct } from '../../domain/return-allowance';
import { listAll, seededDemoSandbox } from '../testing/demo-sandbox';
import { expectSuccess, type TestSandbox } from '../testing/test-harness';
import { pascalCaseBody, planDemoOrders } from './demo-order-plan';
import { demoReferences } from './demo-references';

const now = new Date('2026-11-22T12:00:00Z');

describe('demo data, read through the interface', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await seededDemoSandbox(now);
  });

  const order = async (reference: string): Promise<Order> => {
    const list = expectSuccess(
      await sandbox.call('GET', `/warehouse/v1/orders?PrimaryReference=${reference}`),
    );
    expect(list.orders, reference).toHaveLength(1);
    return list.orders[0];
  };
  const receive = async (reference: string): Promise<Receive> => {
    const list = expectSuccess(
      await sandbox.call('GET', `/warehouse/v1/receives?PrimaryReference=${reference}`),
    );
    expect(list.receives, reference).toHaveLength(1);
    return list.receives[0];
  };
  const shipmentStatuses = (doc: Order | Receive) => doc.shipments.map((shipment) => shipment.status);
  /** Shipped minus ordered per order line, over the FIN shipments. */
  const shippedDifference = (doc: Order) =>
    doc.orderLines.map((line) => {
      const shipped = doc.shipments
        .filter((shipment) => shipment.status === 'FIN')
        .flatMap((shipment) => shipment.shipmentLines)
        .filter((shipmentLine) => shipmentLine.lineNumber === line.lineNumber)
        .reduce((sum, shipmentLine) => sum + shipmentLine.quantity, 0);
      return shipped - line.quantity;
    });
  const receivedDifference = (doc: Receive) =>
    doc.receiveLines.map((line) => {
      const received = doc.shipments
        .flatMap((shipment) => shipment.receiveLines)
        .filter((shipmentLine) => shipmentLine.lineNumber === line.lineNumber)
        .reduce((sum, shipmentLine) => sum + shipmentLine.quantity, 0);
      return received - line.quantity;
    });
  const refs = demoReferences;

  it('has 40 products: serialized ANE, lot-tracked with expiry, with custom fields', async () => {
    const products = await listAll<Product>(sandbox, '/warehouse/v1/products', 'products');
    expect(products).toHaveLength(40);
    expect(products.filter((product) => product.pickMode === 'ANE').length).toBeGreaterThanOrEqual(5);
    const lotTracked = products.filter((product) =>
      ['LOT', 'EXP'].every((key) => product.productAttributes.some((attribute) => attribute.key === key)),
    );
    expect(lotTracked.length).toBeGreaterThanOrEqual(5);
    expect(products.filter((product) => product.customFields.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('has orders in every state', async () => {
    const orders = await listAll<Order>(sandbox, '/warehouse/v1/orders', 'orders');
    const statuses = new Set(orders.flatMap((doc) => doc.shipments.map((shipment) => shipment.status)));
    expect([...statuses].sort()).toEqual(['CAN', 'ENT', 'FIN', 'HEL', 'PIC']);
    expect(new Set(orders.map((doc) => doc.status))).toEqual(new Set(['PRS', 'FIN', 'CAN']));
    expect(orders.filter((doc) => doc.rateGroup).length).toBeGreaterThanOrEqual(20);
    expect(orders.filter((doc) => doc.forwardingData?.incoTerm).length).toBeGreaterThanOrEqual(10);
    expect(orders.filter((doc) => doc.shipments.length > 1).length).toBeGreaterThanOrEqual(10);
  });

  it('has each open order case at its reference', async () => {
    const entered = await order(refs.orders.entered);
    expect([entered.status, shipmentStatuses(entered), entered.rateGroup]).toEqual([
      'PRS',
      ['ENT'],
      undefined,
    ]);
    const rateShopped = await order(refs.orders.enteredRateShopped);
    expect([shipmentStatuses(rateShopped), rateShopped.transportDetail]).toEqual([['ENT'], {}]);
    expect(rateShopped.rateGroup).toBeTruthy();
    expect(shipmentStatuses(await order(refs.orders.picking))).toEqual(['PIC']);
    const held = await order(refs.orders.held);
    expect(shipmentStatuses(held)).toEqual(['HEL']);
    expect(held.shipments[0]?.milestones.map((milestone) => milestone.code)).toEqual(['WHE', 'HEL']);
    const heldPicking = await order(refs.orders.heldWhilePicking);
    expect(heldPicking.shipments[0]?.milestones.map((milestone) => milestone.code)).toEqual([
      'WHE',
      'WHI',
      'HEL',
    ]);
  });

  it('has each shipped order case at its reference', async () => {
    const shipped = await order(refs.orders.shipped);
    expect([shipped.status, shipmentStatuses(shipped)]).toEqual(['FIN', ['FIN']]);
    expect(shippedDifference(shipped).every((difference) => difference === 0)).toBe(true);
    expect(shipped.shipments[0]?.packages).toHaveLength(1);
    expect(shipped.shipments[0]?.trackingDetail?.trackingNumber).toBeTruthy();

    const rateShopped = await order(refs.orders.shippedRateShopped);
    const carrierOf = { ECONOMY: 'USPS', STANDARD: 'UPS', EXPEDITED: 'FEDEX' } as Record<string, string>;
    expect(rateShopped.shipments[0]?.trackingDetail?.carrierCode).toBe(
      carrierOf[rateShopped.rateGroup ?? ''],
    );

    const short = await order(refs.orders.shippedShort);
    expect(short.status).toBe('FIN');
    expect(shippedDifference(short).some((difference) => difference < 0)).toBe(true);
    const over = await order(refs.orders.shippedOver);
    expect(over.status).toBe('FIN');
    expect(shippedDifference(over).some((difference) => difference > 0)).toBe(true);
    expect((await order(refs.orders.multiPackage)).shipments[0]?.packages.length).toBeGreaterThanOrEqual(2);
    // Every package of every order holds something (SO-100047's third box once held nothing).
    const packages = (await listAll<Order>(sandbox, '/warehouse/v1/orders', 'orders')).flatMap((doc) =>
      doc.shipments.flatMap((shipment) =>
        shipment.packages.map((pack) => [doc.primaryReference, pack] as const),
      ),
    );
    expect(packages.filter(([reference]) => reference === 'SO-100047').length).toBeGreaterThanOrEqual(2);
    const empty = packages.filter(([, pack]) => pack.packedLines.length === 0);
    expect(empty.map(([reference, pack]) => `${reference} ${pack.packageReference}`)).toEqual([]);

    const international = await order(refs.orders.international);
    expect(international.forwardingData?.incoTerm).toBeTruthy();
    expect(international.shipToAddress?.address?.country).not.toMatch(/^US/);
    expect(international.status).toBe('FIN');
  });

  it('holds every member of the orders created with PascalCase members, as their plan says', async () => {
    const pascalPlanned = planDemoOrders(now, sandbox.config).filter((planned) => planned.pascalCase);
    expect(pascalPlanned.map((planned) => planned.body.primaryReference)).toContain(
      refs.orders.shippedPascalCase,
    );
    for (const planned of pascalPlanned) {
      // What the seed sends has no camelCase member left at the top.
      expect(Object.keys(pascalCaseBody(planned.body) as object).every((key) => /^[A-Z]/.test(key))).toBe(
        true,
      );
      expect(await order(planned.body.primaryReference)).toMatchObject(planned.body);
    }
  });

  it('has multi-shipment orders, including the mixed FIN and CAN case, and a canceled order', async () => {
    const both = await order(refs.orders.multiShipment);
    expect([both.status, shipmentStatuses(both)]).toEqual(['FIN', ['FIN', 'FIN']]);
    expect(shippedDifference(both).every((difference) => difference === 0)).toBe(true);
    const open = await order(refs.orders.multiShipmentOpen);
    expect([open.status, shipmentStatuses(open)]).toEqual(['PRS', ['FIN', 'ENT']]);
    const mixed = await order(refs.orders.shippedAndCanceled);
    expect([mixed.status, shipmentStatuses(mixed)]).toEqual(['FIN', ['FIN', 'CAN']]);
    const canceled = await order(refs.orders.canceled);
    expect([canceled.status, shipmentStatuses(canceled)]).toEqual(['CAN', ['CAN']]);
  });

  it('has a split order shipped with two carriers, each tracked, and a third shipment canceled', async () => {
    const split = await order(refs.orders.twoCarriersAndCanceled);
    expect([split.status, shipmentStatuses(split)]).toEqual(['FIN', ['FIN', 'FIN', 'CAN']]);
    const shipped = split.shipments.filter((shipment) => shipment.status === 'FIN');
    expect(shipped.map((shipment) => shipment.trackingDetail?.carrierCode)).toEqual(['USPS', 'FEDEX']);
    for (const shipment of shipped) expect(shipment.trackingDetail?.trackingNumber).toMatch(/^\d{10,}$/);
    expect(split.shipments[2]?.shipmentLines.length).toBeGreaterThan(0);
  });

  it('traces the recalled lot: received on one receive, shipped on orders to three customers', async () => {
    const { lot, receive: receiveReference, orders } = refs.lots.recalled;
    const carries = (subline: { partAttributes: { key: string; value: string }[] }) =>
      subline.partAttributes.some((attribute) => attribute.key === 'LOT' && attribute.value === lot);
    const receives = await listAll<Receive>(sandbox, '/warehouse/v1/receives', 'receives');
    const receivedOn = receives.filter((doc) =>
      doc.shipments.some((shipment) => shipment.receiveLines.some((line) => line.sublines.some(carries))),
    );
    expect(receivedOn.map((doc) => doc.primaryReference)).toEqual([receiveReference]);
    const shippedOn = (await listAll<Order>(sandbox, '/warehouse/v1/orders', 'orders')).filter((doc) =>
      doc.shipments.some((shipment) => shipment.shipmentLines.some((line) => line.sublines.some(carries))),
    );
    expect(shippedOn.map((doc) => doc.primaryReference).sort()).toEqual([...orders].sort());
    const customers = new Set(shippedOn.map((doc) => doc.shipToAddress?.contact?.personName));
    expect(customers.size).toBe(3);
    // Shipped from the warehouse that received it, after it was received.
    const received = receivedOn[0];
    for (const doc of shippedOn) {
      expect(doc.warehouseCode).toBe(received?.warehouseCode);
      expect(Date.parse(doc.shipments[0]?.actualShipDate ?? '')).toBeGreaterThan(
        Date.parse(received?.shipments[0]?.arrivalDate ?? ''),
      );
    }
  });

  it('captures serial numbers when serialized products ship', async () => {
    const orders = await listAll<Order>(sandbox, '/warehouse/v1/orders?status=FIN', 'orders');
    const serialSublines = orders
      .flatMap((doc) => doc.shipments.flatMap((shipment) => shipment.shipmentLines))
      .flatMap((line) => line.sublines)
      .filter((subline) => subline.partAttributes.some((attribute) => attribute.key === 'SN'));
    expect(serialSublines.length).toBeGreaterThan(10);
  });

  it('has 30 receives: awaiting, overdue, partial, complete, short, over, canceled', async () => {
    expect(await listAll<Receive>(sandbox, '/warehouse/v1/receives?subtype=none', 'receives')).toHaveLength(
      30,
    );
    const awaiting = await receive(refs.receives.awaiting);
    expect([awaiting.status, awaiting.shipments[0]?.totalQuantity]).toEqual(['PRS', 0]);
    expect(Date.parse(awaiting.eta ?? '')).toBeGreaterThan(now.getTime());
    const overdue = await receive(refs.receives.overdue);
    expect([overdue.status, overdue.shipments[0]?.totalQuantity]).toEqual(['PRS', 0]);
    expect(Date.parse(overdue.eta ?? '')).toBeLessThan(now.getTime());
    const partial = await receive(refs.receives.partial);
    expect(partial.status).toBe('PRS');
    expect(partial.shipments[0]?.totalQuantity).toBeGreaterThan(0);
    expect(receivedDifference(partial).some((difference) => difference < 0)).toBe(true);
    const complete = await receive(refs.receives.complete);
    expect([complete.status, receivedDifference(complete).every((difference) => difference === 0)]).toEqual([
      'FIN',
      true,
    ]);
    const short = await receive(refs.receives.short);
    expect([short.status, receivedDifference(short).some((difference) => difference < 0)]).toEqual([
      'FIN',
      true,
    ]);
    const over = await receive(refs.receives.over);
    expect([over.status, receivedDifference(over).some((difference) => difference > 0)]).toEqual([
      'FIN',
      true,
    ]);
    expect((await receive(refs.receives.canceled)).status).toBe('CAN');
  });

  it('captures lots and expiry dates on receipt', async () => {
    const receives = await listAll<Receive>(sandbox, '/warehouse/v1/receives?status=FIN', 'receives');
    const keys = new Set(
      receives
        .flatMap((doc) => doc.shipments.flatMap((shipment) => shipment.receiveLines))
        .flatMap((line) =>
          line.sublines.flatMap((subline) => subline.partAttributes.map((attribute) => attribute.key)),
        ),
    );
    expect([...keys].sort()).toEqual(['EXP', 'LOT', 'SN']);
  });

  it('has 10 returns: awaiting, received, partial, canceled', async () => {
    const returns = await listAll<Receive>(sandbox, '/warehouse/v1/receives?subtype=RET', 'receives');
    expect(returns).toHaveLength(10);
    const awaiting = await receive(refs.returns.awaiting);
    expect([awaiting.subtype, awaiting.status, awaiting.shipments[0]?.totalQuantity]).toEqual([
      'RET',
      'PRS',
      0,
    ]);
    const received = await receive(refs.returns.received);
    expect([received.subtype, received.status]).toEqual(['RET', 'FIN']);
    const partial = await receive(refs.returns.partial);
    expect([partial.subtype, partial.status, receivedDifference(partial)]).toEqual(['RET', 'PRS', [0, -1]]);
    expect((await receive(refs.returns.canceled)).status).toBe('CAN');
  });

  it("names on each return a shipped order of that customer, returns that order's products, and a reason a line", async () => {
    const returns = await listAll<Receive>(sandbox, '/warehouse/v1/receives?subtype=RET', 'receives');
    for (const returned of returns) {
      const original = await order(originalOrderOf(returned) ?? '');
      expect(original.status).toBe('FIN');
      expect(returned.shipFromAddress).toEqual(original.shipToAddress);
      const shipped = new Set(
        original.shipments.flatMap((shipment) => shipment.shipmentLines.map((line) => line.productCode)),
      );
      for (const line of returned.receiveLines) {
        expect(shipped).toContain(line.productCode);
        expect(returnReasonOf(returned, line)).toMatch(/\w/);
      }
    }
  });

  it('announces back, over all the returns of an order, no more of a product than the order shipped', async () => {
    const returns = await listAll<Receive>(sandbox, '/warehouse/v1/receives?subtype=RET', 'receives');
    const announced = new Map<string, Map<string, number>>();
    for (const returned of returns) {
      const perProduct = announced.get(originalOrderOf(returned) ?? '') ?? new Map<string, number>();
      for (const line of returned.receiveLines)
        perProduct.set(line.productCode, (perProduct.get(line.productCode) ?? 0) + line.quantity);
      announced.set(originalOrderOf(returned) ?? '', perProduct);
    }
    const overReturned: string[] = [];
    for (const [reference, perProduct] of announced) {
      const shipped = shippedByProduct(await order(reference));
      for (const [productCode, quantity] of perProduct)
        if (quantity > (shipped.get(productCode) ?? 0))
          overReturned.push(
            `${reference}: ${quantity} × ${productCode} back of ${shipped.get(productCode) ?? 0}`,
          );
    }
    expect(overReturned).toEqual([]);
    // One order is returned twice, up to all it shipped of a product: the case a third return is refused.
    const twice = announced.get(refs.orders.returnedTwice);
    const shippedTwice = shippedByProduct(await order(refs.orders.returnedTwice));
    expect(
      [...(twice ?? [])].some(([productCode, quantity]) => shippedTwice.get(productCode) === quantity),
    ).toBe(true);
    expect(
      returns.filter((returned) => originalOrderOf(returned) === refs.orders.returnedTwice),
    ).toHaveLength(2);
  });
});
