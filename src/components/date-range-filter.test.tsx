// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay } from '@/domain/local-day';
import { addDays, firstDayOfWeek, formatDayForReader, formatDayRange, startOfWeek } from '@/domain/typed-day';
import { DateRangeFilter, type DayRange } from './date-range-filter';

afterEach(cleanup);

/** The filter as a list holds it: every range it sends becomes its value, as the URL would. */
function Holder({ initial, sent }: { initial: DayRange; sent: DayRange[] }) {
  const [range, setRange] = useState(initial);
  return (
    <>
      <DateRangeFilter
        label="Last change"
        value={range}
        onChange={(next) => {
          sent.push(next);
          setRange(next);
        }}
      />
      <button type="button" onClick={() => setRange({})}>
        Clear filters
      </button>
    </>
  );
}

function renderFilter(initial: DayRange = {}) {
  const sent: DayRange[] = [];
  render(
    <MantineProvider>
      <Holder initial={initial} sent={sent} />
    </MantineProvider>,
  );
  const group = screen.getByRole('group', { name: 'Last change' });
  return { sent, group };
}

/** Types `text` one character at a time, as a person does. */
function typeInto(field: HTMLElement, text: string) {
  let value = (field as HTMLInputElement).value;
  for (const character of text) {
    value += character;
    fireEvent.change(field, { target: { value } });
  }
}

const daysAgo = (days: number) => localDay(new Date(Date.now() - days * 86_400_000));

describe('DateRangeFilter', () => {
  it('sends the presets as whole local days ending today', () => {
    const { sent, group } = renderFilter();
    const preset = within(group).getByRole('combobox', { name: 'Last change' });
    fireEvent.change(preset, { target: { value: 'today' } });
    fireEvent.change(preset, { target: { value: 'last7' } });
    fireEvent.change(preset, { target: { value: 'last30' } });
    fireEvent.change(preset, { target: { value: 'any' } });
    const today = localDay(new Date());
    expect(sent).toEqual([
      { from: today, to: today },
      { from: daysAgo(6), to: today },
      { from: daysAgo(29), to: today },
      {},
    ]);
  });

  it('says the days of each preset in the reader’s locale, weeks from the locale’s first day', () => {
    const { group } = renderFilter();
    const labels = within(group)
      .getAllByRole('option')
      .map((option) => option.textContent);
    const today = localDay(new Date());
    const weekStart = startOfWeek(today, firstDayOfWeek());
    expect(labels).toContain(`This week (${formatDayRange(weekStart, addDays(weekStart, 6))})`);
    expect(labels).toContain(`Last week (${formatDayRange(addDays(weekStart, -7), addDays(weekStart, -1))})`);
    expect(labels).toContain(`Today (${formatDayRange(today, today)})`);
    expect(labels).toContain('Any time');
  });

  it('names the preset a range from the URL matches, and shows any other range as typed days', () => {
    const { group } = renderFilter({ from: daysAgo(6), to: localDay(new Date()) });
    expect(within(group).getByRole('combobox', { name: 'Last change' })).toHaveProperty('value', 'last7');
    cleanup();
    const custom = renderFilter({ from: '2026-03-01', to: '2026-03-09' });
    const from = within(custom.group).getByRole('textbox', { name: 'From' });
    expect(from).toHaveProperty('value', formatDayForReader('2026-03-01'));
    expect(within(custom.group).getByRole('textbox', { name: 'To' })).toHaveProperty(
      'value',
      formatDayForReader('2026-03-09'),
    );
  });

  it('sends a typed day only once it is complete, never a partial year', () => {
    const { sent, group } = renderFilter();
    fireEvent.change(within(group).getByRole('combobox'), { target: { value: 'custom' } });
    const from = within(group).getByRole('textbox', { name: 'From' });
    typeInto(from, '2026-11-0');
    expect(sent).toEqual([]);
    expect(from).toHaveProperty('value', '2026-11-0');
    expect(from.getAttribute('aria-invalid')).not.toBe('true');
    typeInto(from, '3');
    expect(sent).toEqual([{ from: '2026-11-03' }]);
    // The field keeps what was typed after the URL caught up.
    expect(from).toHaveProperty('value', '2026-11-03');
    typeInto(within(group).getByRole('textbox', { name: 'To' }), '2026-11-09');
    expect(sent.at(-1)).toEqual({ from: '2026-11-03', to: '2026-11-09' });
  });

  it('says so on the field when a typed date does not exist, keeps the text and sends nothing', () => {
    const { sent, group } = renderFilter({ from: '2026-02-01' });
    const from = within(group).getByRole('textbox', { name: 'From' });
    fireEvent.change(from, { target: { value: '' } });
    expect(sent).toEqual([{}]);
    typeInto(from, '2026-02-30');
    expect(sent).toEqual([{}]);
    expect(from).toHaveProperty('value', '2026-02-30');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(within(group).getByText('2026-02-30 is not a date')).toBeTruthy();
  });

  it('says a half-typed date is not one when the field is left', () => {
    const { sent, group } = renderFilter();
    fireEvent.change(within(group).getByRole('combobox'), { target: { value: 'custom' } });
    const to = within(group).getByRole('textbox', { name: 'To' });
    typeInto(to, '2026-1');
    expect(to.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.blur(to);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(within(group).getByText(/Type a whole date, as/)).toBeTruthy();
    expect(to).toHaveProperty('value', '2026-1');
    expect(sent).toEqual([]);
  });

  it("reads a day typed the reader's way and shows it back that way", () => {
    const { sent, group } = renderFilter();
    fireEvent.change(within(group).getByRole('combobox'), { target: { value: 'custom' } });
    const from = within(group).getByRole('textbox', { name: 'From' });
    typeInto(from, formatDayForReader('2026-11-23'));
    expect(sent).toEqual([{ from: '2026-11-23' }]);
    expect(from).toHaveProperty('value', formatDayForReader('2026-11-23'));
  });

  it("sends this week and last week as whole weeks from the first day of the reader's week", () => {
    const { sent, group } = renderFilter();
    const preset = within(group).getByRole('combobox', { name: 'Last change' });
    fireEvent.change(preset, { target: { value: 'thisWeek' } });
    fireEvent.change(preset, { target: { value: 'lastWeek' } });
    const weekStart = startOfWeek(localDay(new Date()), firstDayOfWeek());
    expect(sent).toEqual([
      { from: weekStart, to: addDays(weekStart, 6) },
      { from: addDays(weekStart, -7), to: addDays(weekStart, -1) },
    ]);
    expect(preset).toHaveProperty('value', 'lastWeek');
  });

  it('takes a day picked on the calendar, which opens at the day held and moves by arrow keys', async () => {
    const { sent, group } = renderFilter({ from: '2026-03-10', to: '2026-03-31' });
    fireEvent.click(within(group).getByRole('button', { name: 'From: choose on a calendar' }));
    const month = await screen.findByRole('table');
    // jsdom reads the popover's buttons as hidden while it opens, so they are found by their attributes.
    const held = month.querySelector<HTMLButtonElement>('[aria-pressed="true"]');
    expect(held?.getAttribute('aria-label')).toBe('Tuesday, March 10, 2026');
    if (!held) return;
    fireEvent.keyDown(held, { key: 'ArrowDown' });
    const weekLater = month.querySelector<HTMLButtonElement>('[tabindex="0"]');
    expect(weekLater?.getAttribute('aria-label')).toBe('Tuesday, March 17, 2026');
    expect(document.activeElement).toBe(weekLater);
    if (weekLater) fireEvent.click(weekLater);
    expect(sent).toEqual([{ from: '2026-03-17', to: '2026-03-31' }]);
    expect(within(group).getByRole('textbox', { name: 'From' })).toHaveProperty(
      'value',
      formatDayForReader('2026-03-17'),
    );
  });

  it('goes back to "Any time" when the list clears the range, after a custom one was typed', () => {
    const { group } = renderFilter();
    const preset = within(group).getByRole('combobox', { name: 'Last change' });
    fireEvent.change(preset, { target: { value: 'custom' } });
    typeInto(within(group).getByRole('textbox', { name: 'From' }), '2026-11-03');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(preset).toHaveProperty('value', 'any');
    expect(within(group).queryByRole('textbox', { name: 'From' })).toBeNull();
  });

  it('refuses a day that would end the range before it starts', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <DateRangeFilter label="ETA" value={{ from: '2026-05-10' }} onChange={onChange} />
      </MantineProvider>,
    );
    const to = screen.getByRole('textbox', { name: 'To' });
    typeInto(to, '2026-05-01');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Before the start of the range')).toBeTruthy();
  });
});
