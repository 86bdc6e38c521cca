// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { PageSearchBox } from './page-search-box';

afterEach(cleanup);

describe('PageSearchBox', () => {
  it('is a search landmark whose Search button or Enter searches, with its error said on the field', async () => {
    const onSearch = vi.fn();
    renderInApp(() => (
      <PageSearchBox
        label="Search orders"
        description="A reference or an email"
        value="nobody"
        onChange={() => {}}
        onSearch={onSearch}
        error="No order matches “nobody”"
      />
    ));
    const box = await screen.findByRole('textbox', { name: 'Search orders' });
    // The <search> element is a search landmark to browsers (jsdom does not know its role).
    expect(document.querySelector('search')?.contains(box)).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(screen.getByText('No order matches “nobody”')).toBeTruthy();
  });
});
