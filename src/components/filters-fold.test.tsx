// @vitest-environment jsdom
import { MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countActiveFilters, FiltersFold } from './filters-fold';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A screen as wide as `phone` says: Mantine's sm breakpoint decides. */
function screenOf(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(max-width: 47.99em)' ? phone : false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

function renderFold(active: number) {
  render(
    <MantineProvider>
      <FiltersFold active={active}>
        <TextInput label="Warehouse" />
      </FiltersFold>
    </MantineProvider>,
  );
}

describe('FiltersFold', () => {
  it('shows the filters themselves on a wide screen', () => {
    screenOf(false);
    renderFold(1);
    expect(screen.getByLabelText('Warehouse')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('folds them behind one button on a phone, which says how many are set and opens them', () => {
    screenOf(true);
    renderFold(2);
    const button = screen.getByRole('button', { name: 'Filters (2 set)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByLabelText('Warehouse').closest('[hidden]')).not.toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Warehouse').closest('[hidden]')).toBeNull();
  });

  it('says just Filters when none is set', () => {
    screenOf(true);
    renderFold(0);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });
});

describe('countActiveFilters', () => {
  it('counts the filters that narrow the list, not the empty or unchecked ones', () => {
    expect(countActiveFilters(['LAW', undefined, '', false, true, '2026-11-01'])).toBe(3);
    expect(countActiveFilters([])).toBe(0);
  });
});
