// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorItem } from '@/contract/envelope';
import { orderSchema } from '@/contract/order';
import { ApiError } from '@/lib/api-error';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { renderInApp } from '@/testing/render-in-app';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { budgets } from '@/testing/test-budgets';
import {
  emptyOrderForm,
  type OrderFormOutput,
  type OrderFormValues,
  orderToFormValues,
  toOrderInput,
} from '../model/order-form';
import { OrderForm } from './order-form';

beforeAll(() => {
  // The product lookups: TENT-2P exists, nothing else does.
  stubFetch(({ url }) => {
    if (url.includes('/actions/get-id/TENT-2P')) return { id: 'p1', pickMode: 'ASP' };
    if (url.includes('/actions/get-id/')) return refusal(404, [{ code: 'not_found', title: 'No product' }]);
    return { products: [], nextCursor: null };
  });
});
afterEach(cleanup);

const createValues = (() => {
  const values = emptyOrderForm('LAW');
  return {
    ...values,
    primaryReference: 'SO-1',
    shipToAddress: {
      ...values.shipToAddress,
      address: { ...values.shipToAddress.address, addressLine1: '1 Main', country: 'US' },
    },
    orderLines: [{ productCode: 'TENT-2P', quantity: 1, quantityUnit: 'UNT', externalLineReference: '' }],
  };
})();

/**
 * An order as a correction finds it: a warehouse and an Incoterm our lists lack, a fax, a lot and a price on
 * the line.
 */
const correctValues = orderToFormValues(
  orderSchema.parse({
    id: 'o1',
    primaryReference: 'SO-7',
    status: 'PRS',
    warehouseCode: 'OLD',
    shipToAddress: {
      address: { addressLine1: '5 Rue', country: 'FR' },
      contact: { personName: 'Ana', faxNumber: '+33 1 00' },
    },
    orderLines: [
      {
        productCode: 'TENT-2P',
        quantity: 2,
        linePrice: 9.5,
        partAttributes: [{ key: 'LOT', value: 'B-1' }],
      },
    ],
    forwardingData: { incoTerm: 'ZZZ' },
    shipments: [],
  }),
);

function renderForm(
  onSubmit: (order: OrderFormOutput) => Promise<unknown>,
  {
    mode = 'create',
    defaultValues = createValues,
  }: { mode?: 'create' | 'correct'; defaultValues?: OrderFormValues } = {},
) {
  renderInApp(() => (
    <OrderForm
      mode={mode}
      config={sandboxConsoleConfig}
      defaultValues={defaultValues}
      submitLabel="Create order"
      cancelTo={{ to: '/orders' }}
      onSubmit={onSubmit}
    />
  ));
}

const rejectWith = (status: number, errors: ErrorItem[]) => () =>
  Promise.reject(new ApiError(status, errors));
const item = (pointer: string | undefined, detail: string): ErrorItem => ({
  status: '400',
  code: 'validation_failed',
  title: 'Invalid',
  detail,
  ...(pointer ? { source: { pointer } } : {}),
});

async function submit() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create order' }));
}

describe('OrderForm', () => {
  it('puts each sandbox 400 on the field its pointer names and the rest in the alert, keeping the values', {
    timeout: budgets.formByHand,
  }, async () => {
    renderForm(
      rejectWith(400, [
        item('/shipToAddress/address/country', 'Unknown country ZZ'),
        item('/OrderLines/0/Quantity', 'Too many units'),
        item('/jobCosting/branch', 'Unknown branch'),
      ]),
    );
    await submit();
    expect((await screen.findByRole('textbox', { name: 'Country' })).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByText('Unknown country ZZ')).toBeTruthy();
    expect(screen.getByText('Too many units')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Unknown branch');
    expect((screen.getByRole('textbox', { name: 'Address line 1' }) as HTMLInputElement).value).toBe(
      '1 Main',
    );
  });

  it('puts a 400 on every input it names, and one on a value with no input in the alert (create)', async () => {
    renderForm(
      rejectWith(400, [
        item('/shipToAddress/address/organization', 'Organization too long'),
        item('/shipToAddress/address/addressLine2', 'Line 2 too long'),
        item('/shipToAddress/contact/personName', 'Name too long'),
        item('/shipToAddress/contact/phoneNumber', 'Phone not valid'),
        item('/shipToAddress/contact/mobileNumber', 'Mobile not valid'),
        item('/orderLines/0/externalLineReference', 'Line reference too long'),
        item('/shipToAddress/contact/faxNumber', 'Fax not valid'),
      ]),
    );
    await submit();
    const described = (name: string, message: string) => {
      const input = screen.getByRole('textbox', { name });
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        message,
      );
    };
    await screen.findByText('Organization too long');
    described('Organization', 'Organization too long');
    described('Address line 2', 'Line 2 too long');
    described('Contact name', 'Name too long');
    described('Phone', 'Phone not valid');
    described('Mobile', 'Mobile not valid');
    described('Line 1 your line reference', 'Line reference too long');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fax not valid');
    expect(alert.textContent).not.toContain('too long');
  });

  it('in a correction, puts errors on line members the form does not show in the alert with their words', async () => {
    renderForm(
      rejectWith(400, [
        item('/orderLines/0/partAttributes/0/key', 'Unknown attribute key LOT. The operator configured: SN'),
        item('/orderLines/0/linePrice', 'Price must not be negative'),
        item('/orderLines/0/quantity', 'Too many units'),
      ]),
      { mode: 'correct', defaultValues: correctValues },
    );
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unknown attribute key LOT. The operator configured: SN');
    expect(alert.textContent).toContain('Price must not be negative');
    expect(alert.textContent).not.toContain('Too many units');
    expect(screen.getByRole('textbox', { name: 'Line 1 quantity' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('in a correction, shows a warehouse and an Incoterm that our lists lack instead of a blank', async () => {
    renderForm(() => Promise.resolve(), { mode: 'correct', defaultValues: correctValues });
    const warehouse = (await screen.findByRole('combobox', { name: 'Warehouse' })) as HTMLInputElement;
    expect(warehouse.value).toBe('OLD');
    const incoterm = screen.getByRole('combobox', { name: 'Incoterm' }) as HTMLInputElement;
    expect(incoterm.value).toMatch(/^ZZZ/);
  });

  it('puts a duplicate reference (409) on the primary reference', async () => {
    renderForm(rejectWith(409, [{ status: '409', code: 'conflict', title: 'Conflict' }]));
    await submit();
    expect(await screen.findByText(/An order with the reference SO-1 already exists/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Primary reference' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('puts a duplicate reference refused with 400 and a pointer on the primary reference too', async () => {
    renderForm(rejectWith(400, [item('/PrimaryReference', 'Order SO-1 already exists')]));
    await submit();
    expect(await screen.findByText('Order SO-1 already exists')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Primary reference' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after an empty submit, focuses the first invalid field as the form shows them: the warehouse', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit, { defaultValues: emptyOrderForm() });
    await submit();
    const warehouse = await screen.findByRole('combobox', { name: /^Warehouse/ });
    await waitFor(() => expect(document.activeElement).toBe(warehouse));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('then focuses each next invalid field in the order the form shows them', async () => {
    renderForm(() => Promise.resolve(), { defaultValues: emptyOrderForm('LAW') });
    for (const [name, value] of [
      [/^Primary reference/, 'SO-9'],
      [/^Address line 1/, '1 Main'],
      [/^Country/, 'US'],
      [/^Line 1 product/, ''],
    ] as const) {
      await submit();
      const field = await screen.findByRole(name.source.includes('product') ? 'combobox' : 'textbox', {
        name,
      });
      await waitFor(() => expect(document.activeElement).toBe(field));
      if (value) fireEvent.change(field, { target: { value } });
    }
  });

  it('keeps keyboard focus in the list when a line or a reference is removed', async () => {
    renderForm(() => Promise.resolve());
    fireEvent.click(await screen.findByRole('button', { name: 'Add a line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Line 1 product' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a reference' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove reference 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a reference' })),
    );
  });

  it('refuses a product that does not exist before anything is sent', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Line 1 product' }), {
      target: { value: 'NOPE' },
    });
    await submit();
    expect(await screen.findByText(/No product has the code NOPE/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends only the carrier option chosen last', async () => {
    const onSubmit = vi.fn((_order: OrderFormOutput) => Promise.resolve());
    renderForm(onSubmit);
    fireEvent.click(await screen.findByText('Carrier and service'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Carrier code' }), { target: { value: 'UPS' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Service level code' }), {
      target: { value: 'GND' },
    });
    fireEvent.click(screen.getByText('Warehouse decides'));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = toOrderInput(onSubmit.mock.calls[0][0]);
    expect(body.transportDetail).toBeNull();
    expect(body.rateGroup).toBeUndefined();
  });
});
