// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatExactDateTime } from '@/domain/format';
import { LocalTime } from './local-time';

afterEach(cleanup);

function renderTime(value: string, focusable?: boolean) {
  render(
    <MantineProvider>
      <LocalTime value={value} focusable={focusable} />
    </MantineProvider>,
  );
  return document.querySelector(`time[datetime="${value}"]`) as HTMLElement;
}

describe('LocalTime', () => {
  it('shows the exact time on keyboard focus, as the description of the time', async () => {
    const value = '2026-11-20T09:15:00-05:00';
    const time = renderTime(value);
    expect(time.textContent).not.toBe(value);
    expect(time.tabIndex).toBe(0);
    fireEvent.focus(time);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(formatExactDateTime(value));
    expect(time.getAttribute('aria-describedby')).toBe(tooltip.id);
  });

  it('shows a bare date as that calendar day, with nothing to focus', () => {
    const time = renderTime('2026-11-21');
    expect(time.textContent).toMatch(/21/);
    expect(time.hasAttribute('tabindex')).toBe(false);
  });

  it('in a table, stays out of the Tab order', () => {
    const time = renderTime('2026-11-20T09:15:00-05:00', false);
    expect(time.hasAttribute('tabindex')).toBe(false);
  });
});
