// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusHeadingState } from '@/lib/heading-focus';
import { renderInApp } from '@/testing/render-in-app';
import { RecordHeading } from './record-heading';

afterEach(cleanup);

const heading = () => screen.findByRole('heading', { level: 1, name: 'Order SO-1' });

describe('RecordHeading', () => {
  it('takes the focus when the page was opened from the search, and once only', async () => {
    const router = renderInApp(() => <RecordHeading>Order SO-1</RecordHeading>);
    const title = await heading();
    expect(title.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).not.toBe(title);

    await router.navigate({ to: '/', state: focusHeadingState });
    await waitFor(() => expect(document.activeElement).toBe(title));

    // The reader moves on; the same entry showing again leaves the focus where the reader put it.
    title.blur();
    await router.invalidate();
    expect(document.activeElement).not.toBe(title);
  });

  it('leaves the focus alone on a page opened any other way', async () => {
    const router = renderInApp(() => <RecordHeading>Order SO-1</RecordHeading>);
    const title = await heading();
    await router.navigate({ to: '/' });
    await router.invalidate();
    expect(document.activeElement).not.toBe(title);
  });
});
