// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { AllFields, fieldRows } from './all-fields';

afterEach(cleanup);

describe('AllFields', () => {
  it('lists every value by its path, empty members included', () => {
    expect(
      fieldRows({
        id: '677eddd7813921e226061966',
        transportDetail: {},
        jobCosting: { branch: 'East' },
        shipments: [{ wmsDocketId: 'D-1', receiveLines: [{ palletId: 'P-7', holdCode: '' }] }],
        tags: [],
        eta: null,
        packingRequired: false,
      }),
    ).toEqual([
      { path: 'id', value: '677eddd7813921e226061966', empty: false },
      { path: 'transportDetail', value: '{} (empty)', empty: true },
      { path: 'jobCosting.branch', value: 'East', empty: false },
      { path: 'shipments[0].wmsDocketId', value: 'D-1', empty: false },
      { path: 'shipments[0].receiveLines[0].palletId', value: 'P-7', empty: false },
      { path: 'shipments[0].receiveLines[0].holdCode', value: '"" (empty text)', empty: true },
      { path: 'tags', value: '[] (empty list)', empty: true },
      { path: 'eta', value: 'null', empty: true },
      { path: 'packingRequired', value: 'false', empty: false },
    ]);
  });

  it('opens as a disclosure and shows members the page knows nothing about', async () => {
    renderInApp(() => <AllFields record={{ id: 'X', SomethingNew: { Depth: 2 } }} label="receive RC-1" />);
    fireEvent.click(await screen.findByText('All fields'));
    const details = screen.getByText('All fields').closest('details');
    if (details) details.open = true;
    fireEvent(details as HTMLElement, new Event('toggle'));
    const table = await screen.findByRole('table', { name: 'All fields of receive RC-1' });
    const row = within(table).getByText('SomethingNew.Depth').closest('tr');
    expect(row?.textContent).toContain('2');
  });
});
