import { type Order, orderSchema } from '../../contract/order';
import { type Receive, receiveSchema } from '../../contract/receive';
import type { ActionContext, ProductFacts } from '../warehouse/action-context';

/** Documents shaped as the sandbox stores them right after create, for the pure tests of this folder. */
export const createdAt = new Date('2026-11-20T09:00:00Z');

export function enteredOrder(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: 'order-1',
    primaryReference: 'SO-1',
    warehouseCode: 'LAW',
    status: 'PRS',
    dateCreated: createdAt.toISOString(),
    dateLastUpdated: createdAt.toISOString(),
    transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
    orderLines: [
      { lineNumber: '1', externalLineReference: 'A', productCode: 'TEE-S', quantity: 3, quantityUnit: 'UNT' },
      { lineNumber: '2', externalLineReference: 'B', productCode: 'CAM-1', quantity: 2, quantityUnit: 'UNT' },
    ],
    shipments: [
      {
        id: 'ship-1',
        status: 'ENT',
        warehouseCode: 'LAW',
        primaryReference: 'SO-1',
        transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        dateCreated: createdAt.toISOString(),
        dateLastUpdated: createdAt.toISOString(),
        milestones: [
          { code: 'WHE', description: 'Entered', sequence: '1', actualDate: createdAt.toISOString() },
        ],
      },
    ],
    ...overrides,
  });
}

export function announcedReceive(overrides: Partial<Receive> = {}): Receive {
  return receiveSchema.parse({
    id: 'receive-1',
    primaryReference: 'PO-1',
    warehouseCode: 'LAW',
    status: 'PRS',
    dateCreated: createdAt.toISOString(),
    dateLastUpdated: createdAt.toISOString(),
    receiveLines: [
      { lineNumber: '1', productCode: 'TEE-S', quantity: 10, quantityUnit: 'UNT' },
      { lineNumber: '2', productCode: 'MILK', quantity: 4, quantityUnit: 'UNT' },
    ],
    shipments: [
      {
        id: 'rship-1',
        status: 'PRS',
        totalQuantity: 0,
        receiveLines: [],
        milestones: [{ code: 'WHE', sequence: '1', actualDate: createdAt.toISOString() }],
      },
    ],
    ...overrides,
  });
}

const products: Record<string, ProductFacts> = {
  'TEE-S': {
    productCode: 'TEE-S',
    pickMode: 'ASP',
    productAttributes: [],
    weightPerProduct: 8,
    weightPerProductUnit: 'OZ',
  },
  'CAM-1': {
    productCode: 'CAM-1',
    pickMode: 'ANE',
    productAttributes: [{ key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true }],
    weightPerProduct: 1.5,
    weightPerProductUnit: 'LB',
  },
  MILK: {
    productCode: 'MILK',
    pickMode: 'ASP',
    productAttributes: [
      { key: 'LOT', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
      { key: 'EXP', requiredForWarehouseRelease: false, requiredForRfConfirmation: false },
    ],
    weightPerProduct: 2,
    weightPerProductUnit: 'LB',
  },
};

export function testContext(now = new Date('2026-11-21T15:30:00Z')): ActionContext {
  let next = 0;
  return {
    now,
    serialKey: 'SN',
    attributeKeys: ['SN', 'LOT', 'EXP'],
    product: (code) => products[code],
    newId: () => `new-${++next}`,
  };
}
