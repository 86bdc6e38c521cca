// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Receive } from '@/contract/receive';
import { formatDate } from '@/domain/format';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';
import { sessionQueryKey } from '@/lib/session';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { shortAndOverReceive } from '@/testing/receive-fixtures';
import { renderInApp } from '@/testing/render-in-app';
import { ClaimPacket } from './claim-packet';

afterEach(cleanup);

// The fixture's last shipment was finalized at 16:30 UTC on 21 November: the window closes 90 days on.
const closes = formatDate('2027-02-19T16:30:00Z');

function renderClaimPacket(
  receive: Receive,
  now: Date,
  permissions: string[] = ['exports.download'],
  config = sandboxConsoleConfig,
) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(consoleConfigQueryKey, config);
  queryClient.setQueryData(sessionQueryKey, {
    mode: 'signed-in',
    user: { name: 'ana', role: 'manager', permissions },
    singleSignOn: false,
  });
  renderInApp(
    () => (
      <>
        <ClaimPacket receive={receive} completeness={computeReceiveCompleteness(receive)} now={now} />
        <p data-testid="rendered" />
      </>
    ),
    queryClient,
  );
}

describe('ClaimPacket', () => {
  it('counts the days left to claim a receive finalized short or over, and offers its packet', async () => {
    renderClaimPacket(shortAndOverReceive, new Date('2026-11-22T16:30:00Z'));
    expect((await screen.findByTestId('claim-window')).textContent).toBe(
      `89 days left to claim (until ${closes})`,
    );
    // The packet's times are the reader's.
    const zone = `timeZone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
    expect(screen.getByRole('link', { name: 'Claim packet (PDF)' }).getAttribute('href')).toBe(
      `/api/index/receives/${shortAndOverReceive.primaryReference}/claim.pdf?${zone}`,
    );
    expect(screen.getByRole('link', { name: 'Claim packet (CSV)' }).getAttribute('href')).toBe(
      `/api/index/receives/${shortAndOverReceive.primaryReference}/claim.csv?${zone}`,
    );
    expect(screen.queryByTestId('no-claimant')).toBeNull();
  });

  it('says when the window closed, and shows no packet to a role that may not download exports', async () => {
    renderClaimPacket(shortAndOverReceive, new Date('2027-03-01T00:00:00Z'), []);
    expect((await screen.findByTestId('claim-window')).textContent).toBe(`Claim window closed on ${closes}`);
    expect(screen.queryByRole('link', { name: /Claim packet/ })).toBeNull();
  });

  it('has no countdown for a receive still open, whose packet may be had on demand', async () => {
    renderClaimPacket({ ...shortAndOverReceive, status: 'PRS' }, new Date('2026-11-22T16:30:00Z'));
    expect(await screen.findByRole('link', { name: 'Claim packet (PDF)' })).toBeTruthy();
    expect(screen.queryByTestId('claim-window')).toBeNull();
  });

  it('offers no packet for a return nothing of which has arrived: there is nothing to claim yet', async () => {
    const awaited: Receive = {
      ...shortAndOverReceive,
      subtype: 'RET',
      status: 'PRS',
      shipments: shortAndOverReceive.shipments.map((shipment) => ({
        ...shipment,
        status: 'PRS',
        receiveLines: [],
      })),
    };
    renderClaimPacket(awaited, new Date('2026-11-22T16:30:00Z'));
    // The page has rendered, yet no link shows.
    await screen.findByTestId('rendered');
    expect(screen.queryByRole('link', { name: /Claim packet/ })).toBeNull();
  });

  it('says beside the links when the console names no claimant', async () => {
    renderClaimPacket(shortAndOverReceive, new Date('2026-11-22T16:30:00Z'), ['exports.download'], {
      ...sandboxConsoleConfig,
      claimant: { name: null, contact: null },
    });
    expect((await screen.findByTestId('no-claimant')).textContent).toBe(
      'The packet names no claimant: an administrator sets CLAIMANT_NAME and CLAIMANT_CONTACT.',
    );
  });
});
