// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { renderInApp } from '@/testing/render-in-app';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { ProductCreateForm } from './product-create-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function createWithCode(code: string) {
  renderInApp(() => <ProductCreateForm config={sandboxConsoleConfig} onCreated={() => {}} />);
  fireEvent.change(await screen.findByRole('textbox', { name: /^Product code/ }), {
    target: { value: code },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /^Description/ }), { target: { value: 'Scanner' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
}

describe('ProductCreateForm', () => {
  it.each([409, 400])(
    'puts a duplicate code refused with %i and a pointer on the code field',
    async (status) => {
      stubFetch(() =>
        refusal(status, [
          {
            code: 'refused',
            title: 'Refused',
            detail: 'Product with productCode SKU-1 already exists',
            source: { pointer: '/productCode' },
          },
        ]),
      );
      await createWithCode('SKU-1');
      expect(await screen.findByText('Product with productCode SKU-1 already exists')).toBeTruthy();
      const code = screen.getByRole('textbox', { name: /^Product code/ });
      expect(code.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(code);
    },
  );

  it('says what pick mode ANE needs as soon as it is chosen, and takes it back for ASP', async () => {
    const fetch = stubFetch(() => refusal(500, []));
    renderInApp(() => <ProductCreateForm config={sandboxConsoleConfig} onCreated={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: /ANE/ }));
    expect(await screen.findByText(/Pick mode ANE needs the serial number attribute/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /ASP/ }));
    await waitFor(() => expect(screen.queryByText(/Pick mode ANE needs/)).toBeNull());
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('refuses a code with a space or an accent on its field and keeps what was typed', async () => {
    const fetch = stubFetch(() => refusal(500, []));
    await createWithCode('ux sku é');
    expect(
      await screen.findByText('Use letters, digits, - and _ only: a space and é are not allowed'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Product code/ })).toHaveProperty('value', 'ux sku é');
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveProperty('value', 'Scanner');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('offers the documented units as choices', async () => {
    renderInApp(() => <ProductCreateForm config={sandboxConsoleConfig} onCreated={() => {}} />);
    const weightUnit = await screen.findByRole('combobox', { name: 'Weight unit' });
    const options = [...weightUnit.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['None', 'LB', 'OZ']);
  });
});
