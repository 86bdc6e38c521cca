import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { localDay } from '@/domain/local-day';
import {
  addDays,
  dayPattern,
  firstDayOfWeek,
  formatDayForReader,
  formatDayRange,
  readTypedDay,
  startOfWeek,
} from '@/domain/typed-day';
import { DayCalendarButton } from './day-calendar';

/** Calendar days written YYYY-MM-DD, both ends included; a missing end is open. */
export type DayRange = { from?: string; to?: string };

const presets = ['any', 'today', 'thisWeek', 'lastWeek', 'last7', 'last30', 'custom'] as const;
type Preset = (typeof presets)[number];
// When two name one range (the last 7 days on a week's last day), the one matched first is shown.
const namedPresets = ['today', 'last7', 'last30', 'thisWeek', 'lastWeek'] as const;

const presetLabels: Record<Preset, string> = {
  any: 'Any time',
  today: 'Today',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  custom: 'Custom range',
};

function presetRange(preset: Preset, today: string): DayRange {
  const thisWeek = startOfWeek(today, firstDayOfWeek());
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'thisWeek':
      return { from: thisWeek, to: addDays(thisWeek, 6) };
    case 'lastWeek':
      return { from: addDays(thisWeek, -7), to: addDays(thisWeek, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    default:
      return {};
  }
}

/** "This week (Dec 6 – 12)": a preset says its days, in the reader's locale, so no one guesses its week. */
function presetLabel(preset: Preset, today: string): string {
  const { from, to } = presetRange(preset, today);
  return from && to ? `${presetLabels[preset]} (${formatDayRange(from, to)})` : presetLabels[preset];
}

function presetOf(range: DayRange, today: string): Preset {
  if (!range.from && !range.to) return 'any';
  const named = namedPresets.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
  return named ?? 'custom';
}

const dayOf = (text: string) => {
  const read = readTypedDay(text);
  return 'day' in read ? read.day : undefined;
};

/**
 * A typed day, in the reader's own format (11/23/2026 in the US, 23/11/2026 in Britain) or ISO, with a
 * calendar to pick it from instead. Only a whole date that exists reaches `onDay` (so a half-typed year
 * is never sent); anything else stays in the field as typed and says what is wrong.
 */
function DayField({
  label,
  value,
  onDay,
}: {
  label: string;
  value: string | undefined;
  /** Answers a problem with the day (it would end the range before it starts), or null when taken. */
  onDay: (day: string | undefined) => string | null;
}) {
  const [text, setText] = useState(value ? formatDayForReader(value) : '');
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The value changed from outside (a preset, cleared filters, Back): show it, unless the text says it.
  if (value !== shown) {
    setShown(value);
    if (dayOf(text) !== value) setText(value ? formatDayForReader(value) : '');
    setRefusal(null);
  }
  const read = readTypedDay(text);
  const pattern = dayPattern();
  const error =
    'problem' in read
      ? read.problem
      : 'unfinished' in read && left && text.trim() !== ''
        ? `Type a whole date, as ${pattern}`
        : refusal;

  const take = (typed: string) => {
    const next = readTypedDay(typed);
    if (typed.trim() === '') setRefusal(onDay(undefined));
    else if ('day' in next) setRefusal(onDay(next.day));
  };

  return (
    <TextInput
      label={label}
      placeholder={pattern}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      maxLength={20}
      w={170}
      error={error}
      rightSectionPointerEvents="all"
      rightSection={
        <DayCalendarButton
          label={label}
          value={dayOf(text) ?? value}
          onPick={(day) => {
            const written = formatDayForReader(day);
            setText(written);
            setLeft(false);
            take(written);
          }}
        />
      }
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setLeft(false);
        take(next);
      }}
      onBlur={() => setLeft(true)}
    />
  );
}

/**
 * A date filter of a list: presets (today, this or last week, the last 7 or 30 days) or a custom range
 * typed as dates or picked on a calendar. The range goes to `onChange` only whole and in order, so the
 * URL never holds a half-typed date.
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const today = localDay(new Date());
  const [customChosen, setCustomChosen] = useState(false);
  const [sent, setSent] = useState(value);
  // The range changed from outside (cleared filters, Back): the presets say what it is again.
  if (value.from !== sent.from || value.to !== sent.to) {
    setSent(value);
    setCustomChosen(false);
  }
  const preset = customChosen ? 'custom' : presetOf(value, today);

  const send = (range: DayRange) => {
    setSent(range);
    onChange(range);
  };

  const take = (end: 'from' | 'to') => (day: string | undefined) => {
    const range = { ...value, [end]: day };
    if (range.from && range.to && range.from > range.to) {
      return end === 'from' ? 'After the end of the range' : 'Before the start of the range';
    }
    // Emptied, the range still is the custom one being typed: its fields stay.
    setCustomChosen(true);
    send(range);
    return null;
  };

  return (
    <Group role="group" aria-label={label} align="flex-start" gap="xs">
      <NativeSelect
        label={label}
        value={preset}
        data={presets.map((choice) => ({ value: choice, label: presetLabel(choice, today) }))}
        onChange={(event) => {
          const chosen = event.currentTarget.value as Preset;
          setCustomChosen(chosen === 'custom');
          if (chosen !== 'custom') send(presetRange(chosen, today));
        }}
      />
      {preset === 'custom' ? (
        <>
          <DayField label="From" value={value.from} onDay={take('from')} />
          <DayField label="To" value={value.to} onDay={take('to')} />
        </>
      ) : null}
    </Group>
  );
}
