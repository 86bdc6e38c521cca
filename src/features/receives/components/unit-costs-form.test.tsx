// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';
import { sessionQueryKey } from '@/lib/session';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { shortAndOverReceive } from '@/testing/receive-fixtures';
import { renderInApp } from '@/testing/render-in-app';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { UnitCostsForm } from './unit-costs-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(permissions: string[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(consoleConfigQueryKey, sandboxConsoleConfig);
  queryClient.setQueryData(sessionQueryKey, {
    mode: 'signed-in',
    user: { name: 'mo', role: 'merchandiser', permissions },
    singleSignOn: false,
  });
  const { lines } = computeReceiveCompleteness(shortAndOverReceive);
  renderInApp(
    () => (
      <>
        <UnitCostsForm receive={shortAndOverReceive} lines={lines} descriptions={new Map()} />
        <p data-testid="rendered" />
      </>
    ),
    queryClient,
  );
}

const path = `/api/index/receives/${shortAndOverReceive.primaryReference}/unit-costs`;

describe('UnitCostsForm', () => {
  it('enters a unit cost for each line short or over, and says it was saved', async () => {
    const fetch = stubFetch(async () => ({ costs: [] }));
    renderForm(['receives.write']);
    const boxes = await screen.findAllByRole('textbox', { name: /cost of a unit, USD$/ });
    // CAM-100 arrived short and CABLE-2M over: a box each.
    expect(boxes).toHaveLength(2);
    fireEvent.change(boxes[0] as HTMLElement, { target: { value: '11.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save unit costs' }));
    await screen.findByText('Saved: the claim packet prices these lines at them.');
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(path);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      costs: [
        { line: '1', productCode: 'CAM-100', unitCost: 11.5, currency: 'USD' },
        { line: '2', productCode: 'CABLE-2M', unitCost: null, currency: 'USD' },
      ],
    });
  });

  it('says a refusal on the field it names', async () => {
    stubFetch(async (request) =>
      request.method === 'GET'
        ? { costs: [] }
        : refusal(400, [
            {
              code: 'validation_failed',
              title: 'Invalid',
              detail: 'Enter a unit cost below a billion',
              source: { pointer: '/costs/0/unitCost' },
            },
          ]),
    );
    renderForm(['receives.write']);
    const [first] = await screen.findAllByRole('textbox', { name: /cost of a unit/ });
    fireEvent.change(first as HTMLElement, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save unit costs' }));
    expect(await screen.findByText('Enter a unit cost below a billion')).toBeTruthy();
    await waitFor(() => expect(first?.getAttribute('aria-invalid')).toBe('true'));
  });

  it('is not there for a role that does not announce receives', async () => {
    stubFetch(async () => ({ costs: [] }));
    renderForm([]);
    await screen.findByTestId('rendered');
    expect(screen.queryByRole('heading', { name: 'Unit costs for the claim' })).toBeNull();
  });
});
