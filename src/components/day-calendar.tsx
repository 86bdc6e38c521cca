import { ActionIcon, Group, Popover, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { localDay } from '@/domain/local-day';
import { addDays, firstDayOfWeek, startOfWeek } from '@/domain/typed-day';

const monthTitle = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const fullDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });
const weekdayShort = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const weekdayLong = new Intl.DateTimeFormat(undefined, { weekday: 'long' });

const asDate = (day: string) => new Date(`${day}T12:00:00`);
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The month after (or before, when negative) the one `day` is in, as its first day. */
function shiftMonth(day: string, months: number): string {
  const date = asDate(firstOfMonth(day));
  date.setMonth(date.getMonth() + months);
  return localDay(date);
}

/** What each key does to the day with the focus, as in the date pickers of the ARIA practices. */
const keyMoves: Record<string, (day: string) => string> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  PageUp: (day) => shiftMonth(day, -1),
  PageDown: (day) => shiftMonth(day, 1),
};

/** One month as a grid of day buttons; arrows move the focus, Enter or a click picks the day. */
function MonthGrid({ value, onPick }: { value: string | undefined; onPick: (day: string) => void }) {
  const today = localDay(new Date());
  const [focused, setFocused] = useState(value ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const movedByKey = useRef(false);
  const weekStart = firstDayOfWeek();
  const month = focused.slice(0, 7);
  const firstShown = startOfWeek(firstOfMonth(focused), weekStart);
  const weeks: string[][] = [];
  for (let day = firstShown; day.slice(0, 7) <= month; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, offset) => addDays(day, offset)));
  }

  useEffect(() => {
    if (!movedByKey.current) return;
    movedByKey.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent) => {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    movedByKey.current = true;
    setFocused(move(focused));
  };

  return (
    <>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label="Previous month"
          onClick={() => setFocused(shiftMonth(focused, -1))}
        >
          ‹
        </ActionIcon>
        <Text id={titleId} fw={600} size="sm" aria-live="polite">
          {monthTitle.format(asDate(focused))}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label="Next month"
          onClick={() => setFocused(shiftMonth(focused, 1))}
        >
          ›
        </ActionIcon>
      </Group>
      <table ref={grid} aria-labelledby={titleId}>
        <thead>
          <tr>
            {weeks[0].map((day) => (
              <th key={day} scope="col" abbr={weekdayLong.format(asDate(day))}>
                <Text component="span" size="xs" c="dimmed">
                  {weekdayShort.format(asDate(day))}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) =>
                day.slice(0, 7) === month ? (
                  <td key={day}>
                    <UnstyledButton
                      data-day={day}
                      data-autofocus={day === focused || undefined}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={fullDay.format(asDate(day))}
                      aria-pressed={day === value}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onPick(day)}
                      onKeyDown={onKeyDown}
                      onFocus={() => setFocused(day)}
                      className="day-calendar-day"
                    >
                      {Number(day.slice(8))}
                    </UnstyledButton>
                  </td>
                ) : (
                  <td key={day} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

/**
 * A button in a typed day's field that opens a month to pick the day from (Mantine core: @mantine/dates is
 * not a dependency). The focus stays in the month while it is open and comes back to the button after.
 */
export function DayCalendarButton({
  label,
  value,
  onPick,
}: {
  /** The field it fills, for its name: "From", "To". */
  label: string;
  value: string | undefined;
  onPick: (day: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus position="bottom-start" shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`${label}: choose on a calendar`}
          onClick={() => setOpened((open) => !open)}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      {/* Mantine names the dialog by its button: "To: choose on a calendar". */}
      <Popover.Dropdown>
        <MonthGrid
          value={value}
          onPick={(day) => {
            onPick(day);
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
