// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { refusal, type StubAnswer, stubFetch } from '@/testing/stub-fetch';
import { budgets } from '@/testing/test-budgets';
import { ReceiveForm } from './receive-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The warehouse as the form meets it: the suggested products and OLD-PART (outside the suggestions) exist,
 * no other code does; a create gets `created` as its answer. Returns the fetch mock.
 */
function stubWarehouse(created: () => StubAnswer) {
  return stubFetch(({ url, path, method }) => {
    if (path === '/api/warehouse/v1/products' && method === 'GET') {
      return {
        products: [
          { id: 'p-BOLT', productCode: 'BOLT', productDescription: 'Hex bolt M8' },
          { id: 'p-NUT', productCode: 'NUT' },
        ],
        nextCursor: null,
      };
    }
    const code = /\/products\/actions\/get-id\/([^?]+)/.exec(url)?.[1];
    if (code === undefined) return created();
    if (['BOLT', 'NUT', 'OLD-PART'].includes(decodeURIComponent(code))) return { id: `p-${code}` };
    return refusal(404, [{ code: 'not_found', title: 'No product' }]);
  });
}

/** The bodies sent to create a receive. */
const createBodies = (fetch: ReturnType<typeof stubWarehouse>) =>
  fetch.mock.calls
    .filter(([url, init]) => url.endsWith('/api/warehouse/v1/receives') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

/** What the form asked besides the product suggestions it loads on opening. */
const requestsBeyondSuggestions = (fetch: ReturnType<typeof stubWarehouse>) =>
  fetch.mock.calls.map(([url]) => url).filter((url) => !url.startsWith('/api/warehouse/v1/products?'));

/** The form inside a router, as in the app: it guards unsaved changes against leaving the page. */
async function renderForm() {
  renderInApp(() => <ReceiveForm warehouses={['LAW']} onCreated={() => {}} onCancel={() => {}} />);
  await screen.findByRole('button', { name: 'Create receive' });
}

const reference = () => screen.getByRole('textbox', { name: /^Reference/ });
const product = (line: number) => screen.getByRole('combobox', { name: `Line ${line} product` });
const quantity = (line: number) => screen.getByRole('textbox', { name: `Line ${line} quantity` });

function fillValidLine() {
  fireEvent.change(reference(), { target: { value: 'PO-9' } });
  fireEvent.change(product(1), { target: { value: 'BOLT' } });
  fireEvent.change(quantity(1), { target: { value: '3' } });
}

describe('ReceiveForm', () => {
  it('puts a rejected reference on its field and moves focus there', {
    timeout: budgets.formByHand,
  }, async () => {
    stubWarehouse(() =>
      refusal(400, [
        {
          code: 'validation_failed',
          title: 'Invalid',
          detail: 'Reference is taken',
          source: { pointer: '/primaryReference' },
        },
      ]),
    );
    await renderForm();
    fillValidLine();
    fireEvent.click(screen.getByRole('button', { name: 'Create receive' }));
    expect(await screen.findByText('Reference is taken')).toBeTruthy();
    expect(document.activeElement).toBe(reference());
  });

  it('focuses a missing quantity when it is the only problem', async () => {
    const fetch = stubWarehouse(() => ({}));
    await renderForm();
    fillValidLine();
    fireEvent.change(quantity(1), { target: { value: '' } });
    // As in a browser, focus is on the button that was clicked (typing put it on the quantity).
    const create = screen.getByRole('button', { name: 'Create receive' });
    create.focus();
    fireEvent.click(create);
    expect(await screen.findByText('Enter a quantity')).toBeTruthy();
    expect(document.activeElement).toBe(quantity(1));
    expect(requestsBeyondSuggestions(fetch)).toEqual([]);
  });

  it('after removing a line, focuses the line that took its place, or the new last line', async () => {
    stubWarehouse(() => ({}));
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    fireEvent.change(product(2), { target: { value: 'NUT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await waitFor(() => expect(document.activeElement).toBe(product(1)));
    expect((product(1) as HTMLInputElement).value).toBe('NUT');
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
    await waitFor(() => expect(document.activeElement).toBe(product(1)));
  });

  it('finds a suggestion by its description and puts only its code in the field', async () => {
    stubWarehouse(() => ({}));
    await renderForm();
    fireEvent.change(product(1), { target: { value: 'hex' } });
    // The dropdown is still fading in (jsdom runs no transitions), so its options count as hidden.
    const listbox = await screen.findByRole('listbox', { name: 'Line 1 product', hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['BOLT — Hex bolt M8']);
    fireEvent.click(options[0]);
    expect((product(1) as HTMLInputElement).value).toBe('BOLT');
  });

  it('accepts a code typed in full that is not among the suggestions, once the interface knows it', async () => {
    const fetch = stubWarehouse(() => ({}));
    await renderForm();
    fillValidLine();
    fireEvent.change(product(1), { target: { value: 'OLD-PART' } });
    fireEvent.blur(product(1));
    fireEvent.click(screen.getByRole('button', { name: 'Create receive' }));
    await waitFor(() => expect(createBodies(fetch)).toHaveLength(1));
    expect(createBodies(fetch)[0].receiveLines).toEqual([
      { productCode: 'OLD-PART', quantity: 3, quantityUnit: 'UNT' },
    ]);
    expect(product(1).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('refuses a code no product has on its line, on leaving the field and on submit, and sends nothing', async () => {
    const fetch = stubWarehouse(() => ({}));
    await renderForm();
    fillValidLine();
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    fireEvent.change(product(2), { target: { value: 'NOPE' } });
    fireEvent.change(quantity(2), { target: { value: '1' } });
    fireEvent.blur(product(2));
    const message = /No product has the code NOPE\. Pick one from the list/;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(product(2).getAttribute('aria-invalid')).toBe('true');
    expect(product(1).getAttribute('aria-invalid')).not.toBe('true');

    const create = screen.getByRole('button', { name: 'Create receive' });
    create.focus();
    fireEvent.click(create);
    await waitFor(() => expect(document.activeElement).toBe(product(2)));
    expect(screen.getByText(message)).toBeTruthy();
    expect(createBodies(fetch)).toHaveLength(0);
  });
});
