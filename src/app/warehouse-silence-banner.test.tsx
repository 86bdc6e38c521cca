// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultGrants, permissionsOf, type Role } from '@/contract/access';
import type { WarehouseReach } from '@/contract/warehouse-reach';
import { sessionQueryKey } from '@/lib/session';
import { warehouseReachQueryKey } from '@/lib/warehouse-reach';
import { renderInApp } from '@/testing/render-in-app';
import { WarehouseSilenceBanner } from './warehouse-silence-banner';

afterEach(cleanup);

const silence: WarehouseReach = {
  answering: false,
  lastAnsweredAt: new Date(Date.now() - 20 * 60_000).toISOString(),
  consoleStartedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  problem: 'the warehouse service cannot be reached',
};

function renderBanner(role: Role) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, {
    mode: 'sign-in',
    user: { name: 'pat', role, permissions: permissionsOf(defaultGrants, role) },
    singleSignOn: false,
  });
  renderInApp(() => <WarehouseSilenceBanner />, queryClient);
  return queryClient;
}

describe('WarehouseSilenceBanner', () => {
  it('is an empty status region while the warehouse answers, and says so in it when told it does not', async () => {
    const queryClient = renderBanner('support');
    const region = await screen.findByRole('status');
    expect(region.textContent).toBe('');
    act(() => queryClient.setQueryData(warehouseReachQueryKey, silence));
    await waitFor(() => expect(region.textContent).not.toBe(''));
    expect(region.textContent).toMatch(
      /^The warehouse has not answered since .+; you see the console's copy from then\./,
    );
    expect(region.textContent).toContain('an administrator has been told');
    expect(region.textContent).not.toContain('WAREHOUSE_BASE_URL');
    act(() => queryClient.setQueryData(warehouseReachQueryKey, { ...silence, answering: true }));
    await waitFor(() => expect(region.textContent).toBe(''));
  });

  it('tells an administrator what to check', async () => {
    const queryClient = renderBanner('admin');
    const region = await screen.findByRole('status');
    act(() => queryClient.setQueryData(warehouseReachQueryKey, silence));
    await waitFor(() => expect(region.textContent).toContain('Check WAREHOUSE_BASE_URL'));
    expect(region.textContent).toContain('the warehouse service cannot be reached');
  });
});
