// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { StatusBadge, statusLabel } from './status-badge';

afterEach(cleanup);

describe('StatusBadge', () => {
  it('names a documented status and shows its code', async () => {
    renderInApp(() => <StatusBadge status="HEL" />);
    expect(await screen.findByText('Held (HEL)')).toBeTruthy();
  });

  it('shows a code it does not know as sent, with a generic label', async () => {
    renderInApp(() => <StatusBadge status="XDK" />);
    expect(await screen.findByText('Other status (XDK)')).toBeTruthy();
    expect(screen.getByTitle('Status code XDK')).toBeTruthy();
    expect(statusLabel('XDK')).toBe('Other status');
  });

  it('never blanks: a missing code says so, and inherited names are not statuses', async () => {
    renderInApp(() => (
      <>
        <StatusBadge status="" />
        <StatusBadge status="constructor" />
      </>
    ));
    expect(await screen.findByText('No status')).toBeTruthy();
    expect(screen.getByText('Other status (constructor)')).toBeTruthy();
  });
});
