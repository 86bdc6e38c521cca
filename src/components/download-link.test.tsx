// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSettings } from '@/testing/render-with-settings';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { DownloadLink } from './download-link';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DownloadLink', () => {
  it('saves the file the server made under the name it gave', async () => {
    stubFetch(
      () =>
        new Response('a,b\r\n', {
          headers: { 'content-disposition': 'attachment; filename="orders-2026-12-07.csv"' },
        }),
    );
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithSettings(<DownloadLink href="/api/index/orders.csv">Export CSV</DownloadLink>);
    fireEvent.click(screen.getByRole('link', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['orders-2026-12-07.csv']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the console is busy and when to try again, instead of saving its answer', async () => {
    stubFetch(() =>
      refusal(503, [
        {
          code: 'server_busy',
          title: 'The console is busy',
          detail: 'Many people are asking for this kind of work right now. Try again in 8 s.',
        },
      ]),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    renderWithSettings(
      <DownloadLink href="/api/index/receives/PO-1/claim.pdf">Claim packet (PDF)</DownloadLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Claim packet (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Many people are asking for this kind of work right now. Try again in 8 s.',
    );
    expect(click).not.toHaveBeenCalled();
  });
});
