import { describe, expect, it } from 'vitest';
import { orderSchema } from '@/contract/order';
import {
  emptyOrderForm,
  type OrderFormValues,
  orderFormSchema,
  orderToFormValues,
  toOrderInput,
} from './order-form';

function filled(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  const form = emptyOrderForm('LAW');
  return {
    ...form,
    primaryReference: ' SO-9 ',
    shipToAddress: {
      ...form.shipToAddress,
      address: { ...form.shipToAddress.address, addressLine1: '1 Main St', country: 'us' },
    },
    orderLines: [{ productCode: 'TENT-2P', quantity: 2, quantityUnit: 'UNT', externalLineReference: '' }],
    ...overrides,
  };
}

function issuePaths(values: OrderFormValues) {
  const result = orderFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('order form', () => {
  it('sends only the rate group when the rate group is chosen, whatever the hidden carrier fields hold', () => {
    const values = filled({
      carrierChoice: 'rateGroup',
      rateGroup: 'STANDARD',
      transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
    });
    const body = toOrderInput(orderFormSchema.parse(values));
    expect(body.rateGroup).toBe('STANDARD');
    expect(body.transportDetail).toBeNull();
  });

  it('sends only the transport detail when a carrier is chosen, and neither when the warehouse decides', () => {
    const carrier = toOrderInput(
      orderFormSchema.parse(
        filled({
          carrierChoice: 'transportDetail',
          rateGroup: 'STANDARD',
          transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        }),
      ),
    );
    expect(carrier).toMatchObject({ transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' } });
    expect(carrier.rateGroup).toBeUndefined();
    const warehouse = toOrderInput(orderFormSchema.parse(filled({ rateGroup: 'STANDARD' })));
    expect(warehouse.rateGroup).toBeUndefined();
    expect(warehouse.transportDetail).toBeNull();
  });

  it('names the missing field of the chosen carrier option', () => {
    expect(issuePaths(filled({ carrierChoice: 'rateGroup' }))).toEqual(['rateGroup']);
    expect(issuePaths(filled({ carrierChoice: 'transportDetail' }))).toEqual([
      'transportDetail.carrierCode',
      'transportDetail.serviceLevelCode',
    ]);
  });

  it('names every missing required field at once', () => {
    expect(
      issuePaths({
        ...emptyOrderForm(),
        orderLines: [{ productCode: '', quantity: 0, quantityUnit: 'UNT' }],
      }),
    ).toEqual([
      'warehouseCode',
      'primaryReference',
      'shipToAddress.address.addressLine1',
      'shipToAddress.address.country',
      'orderLines.0.productCode',
      'orderLines.0.quantity',
    ]);
  });

  it('drops blank optional members, trims the reference and upper-cases the country', () => {
    const body = toOrderInput(orderFormSchema.parse(filled()));
    expect(body.primaryReference).toBe('SO-9');
    expect(body.shipToAddress).toEqual({ address: { addressLine1: '1 Main St', country: 'US' } });
    expect(body).not.toHaveProperty('note');
    expect(body).not.toHaveProperty('requiredShipDate');
    expect(body).not.toHaveProperty('forwardingData');
  });

  it('starts a correction from the current order and keeps what the form does not show', () => {
    const order = orderSchema.parse({
      id: 'o1',
      primaryReference: 'SO-5',
      status: 'PRS',
      warehouseCode: 'NJE',
      requiredShipDate: '2026-12-01T00:00:00Z',
      shipToAddress: { address: { addressLine1: '5 Rue', country: 'FR', isResidential: true } },
      orderLines: [
        {
          lineNumber: '1',
          productCode: 'A',
          quantity: 3,
          linePrice: 9.5,
          partAttributes: [{ key: 'SN', value: 'X1' }],
        },
      ],
      rateGroup: 'ECONOMY',
      forwardingData: { incoTerm: 'DDP' },
      priority: 4,
      jobCosting: { branch: 'East' },
      shipments: [],
    });
    const values = orderToFormValues(order);
    expect(values).toMatchObject({
      warehouseCode: 'NJE',
      carrierChoice: 'rateGroup',
      requiredShipDate: '2026-12-01',
    });
    const body = toOrderInput(orderFormSchema.parse(values), order);
    expect(body).toMatchObject({
      warehouseCode: 'NJE',
      primaryReference: 'SO-5',
      rateGroup: 'ECONOMY',
      transportDetail: null,
      forwardingData: { incoTerm: 'DDP' },
      priority: 4,
      jobCosting: { branch: 'East' },
      orderLines: [
        { productCode: 'A', quantity: 3, linePrice: 9.5, partAttributes: [{ key: 'SN', value: 'X1' }] },
      ],
    });
    expect(body.requiredShipDate).toBe('2026-12-01T00:00:00Z');
  });

  const timedOrder = orderSchema.parse({
    id: 'o2',
    primaryReference: 'SO-6',
    status: 'PRS',
    warehouseCode: 'LAW',
    requiredShipDate: '2026-12-01T15:30:00-05:00',
    shipToAddress: { address: { addressLine1: '1 Main', country: 'US' } },
    orderLines: [{ productCode: 'A', quantity: 1 }],
    forwardingData: { incoTerm: 'XYZ' },
    shipments: [],
  });

  it('sends the required ship date back unchanged, time and offset included, unless its day was edited', () => {
    const values = orderToFormValues(timedOrder);
    expect(values.requiredShipDate).toBe('2026-12-01');
    expect(toOrderInput(orderFormSchema.parse(values), timedOrder).requiredShipDate).toBe(
      '2026-12-01T15:30:00-05:00',
    );
    const edited = orderFormSchema.parse({ ...values, requiredShipDate: '2026-12-03' });
    expect(toOrderInput(edited, timedOrder).requiredShipDate).toBe('2026-12-03T00:00:00+00:00');
    const cleared = orderFormSchema.parse({ ...values, requiredShipDate: '' });
    expect(toOrderInput(cleared, timedOrder)).not.toHaveProperty('requiredShipDate');
  });

  it('carries back the members the operator added that the contract does not name, at every level', () => {
    const extended = orderSchema.parse({
      ...timedOrder,
      consolidationGroup: 'EAST-7',
      shipToAddress: { address: { addressLine1: '1 Main', country: 'US', dockDoor: '4' } },
      orderLines: [{ productCode: 'A', quantity: 1, customsValue: '12.00' }],
    });
    const body = toOrderInput(orderFormSchema.parse(orderToFormValues(extended)), extended);
    expect(body).toMatchObject({
      consolidationGroup: 'EAST-7',
      shipToAddress: { address: { addressLine1: '1 Main', country: 'US', dockDoor: '4' } },
      orderLines: [{ productCode: 'A', quantity: 1, customsValue: '12.00' }],
    });
    expect(body).not.toHaveProperty('shipments');
    expect(body).not.toHaveProperty('status');
  });

  it('keeps an Incoterm outside our list as the order holds it, and lets a known one replace it', () => {
    const values = orderToFormValues(timedOrder);
    expect(values.forwardingData.incoTerm).toBe('XYZ');
    expect(toOrderInput(orderFormSchema.parse(values), timedOrder).forwardingData).toEqual({
      incoTerm: 'XYZ',
    });
    const changed = orderFormSchema.parse({ ...values, forwardingData: { incoTerm: 'DAP' } });
    expect(toOrderInput(changed, timedOrder).forwardingData).toEqual({ incoTerm: 'DAP' });
  });
});
