// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardRows } from './card-rows';

afterEach(cleanup);

describe('CardRows', () => {
  it("names each cell by its column's spoken header, the sort arrow left out", () => {
    render(
      <CardRows>
        <table>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">
                Ship by<span aria-hidden="true"> ↕</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">SO-1</th>
              <td>Nov 26</td>
            </tr>
          </tbody>
        </table>
      </CardRows>,
    );
    expect(screen.getByRole('cell', { name: 'Nov 26' }).getAttribute('data-label')).toBe('Ship by');
    expect(screen.getByRole('rowheader', { name: 'SO-1' }).getAttribute('data-label')).toBe('Reference');
  });

  it('marks a cell that shows only a dash as empty, so a card leaves it off', () => {
    render(
      <CardRows>
        <table>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Finalized</th>
              <th scope="col">Short</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">PO-1</th>
              <td>—</td>
              <td>3 — of 5</td>
            </tr>
          </tbody>
        </table>
      </CardRows>,
    );
    expect(screen.getByRole('cell', { name: '—' }).hasAttribute('data-empty')).toBe(true);
    expect(screen.getByRole('cell', { name: '3 — of 5' }).hasAttribute('data-empty')).toBe(false);
  });
});
