// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyValueList } from './key-value-list';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('KeyValueList', () => {
  it('shows items that share a label, each with its own value, also after an update', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const list = (values: string[]) => (
      <MantineProvider>
        <KeyValueList items={values.map((value) => ({ label: 'ticket', value }))} />
      </MantineProvider>
    );
    const { rerender } = render(list(['ZD-1', 'ZD-2']));
    rerender(list(['ZD-3', 'ZD-2', 'ZD-4']));
    expect(screen.getAllByText('ticket')).toHaveLength(3);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'ZD-3',
      'ZD-2',
      'ZD-4',
    ]);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
