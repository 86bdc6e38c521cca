// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sandboxConsoleConfig } from '../../../testing/console-config';
import { renderInApp } from '../../../testing/render-in-app';
import { refusal, stubFetch } from '../../../testing/stub-fetch';
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
});
