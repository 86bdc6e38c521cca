// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceiveForm } from './receive-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form inside a router, as in the app: it guards unsaved changes against leaving the page. */
async function renderForm() {
  const router = createRouter({
    history: createMemoryHistory(),
    routeTree: createRootRoute({
      component: () => (
        <ReceiveForm
          kind="receives"
          warehouses={['LAW']}
          products={[
            { code: 'BOLT', description: '' },
            { code: 'NUT', description: '' },
          ]}
          onCreated={() => {}}
          onCancel={() => {}}
        />
      ),
    }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await screen.findByRole('button', { name: 'Create receive' });
}

const reference = () => screen.getByRole('textbox', { name: /^Reference/ });
const product = (line: number) => screen.getByRole('combobox', { name: `Product, line ${line}` });
const quantity = (line: number) => screen.getByRole('textbox', { name: `Quantity, line ${line}` });

function fillValidLine() {
  fireEvent.change(reference(), { target: { value: 'PO-9' } });
  fireEvent.change(product(1), { target: { value: 'BOLT' } });
  fireEvent.change(quantity(1), { target: { value: '3' } });
}

describe('ReceiveForm', () => {
  it('puts a rejected reference on its field and moves focus there', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        {
          data: {},
          id: 'x',
          resource: [],
          errors: [
            {
              status: '400',
              code: 'validation_failed',
              title: 'Invalid',
              detail: 'Reference is taken',
              source: { pointer: '/primaryReference' },
            },
          ],
        },
        { status: 400 },
      ),
    );
    await renderForm();
    fillValidLine();
    fireEvent.click(screen.getByRole('button', { name: 'Create receive' }));
    expect(await screen.findByText('Reference is taken')).toBeTruthy();
    expect(document.activeElement).toBe(reference());
  });

  it('focuses a missing quantity when it is the only problem', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderForm();
    fillValidLine();
    fireEvent.change(quantity(1), { target: { value: '' } });
    // As in a browser, focus is on the button that was clicked (typing put it on the quantity).
    const create = screen.getByRole('button', { name: 'Create receive' });
    create.focus();
    fireEvent.click(create);
    expect(await screen.findByText('Enter a quantity')).toBeTruthy();
    expect(document.activeElement).toBe(quantity(1));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('after removing a line, focuses the line that took its place, or the new last line', async () => {
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    fireEvent.change(product(2), { target: { value: 'NUT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await waitFor(() => expect(document.activeElement).toBe(product(1)));
    expect((product(1) as HTMLSelectElement).value).toBe('NUT');
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
    await waitFor(() => expect(document.activeElement).toBe(product(1)));
  });
});
