import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { localDay } from '../domain/local-day';
import { readDay } from '../lib/search-params';

/** Calendar days written YYYY-MM-DD, both ends included; a missing end is open. */
export type DayRange = { from?: string; to?: string };

const presets = ['any', 'today', 'last7', 'last30', 'custom'] as const;
type Preset = (typeof presets)[number];

const presetLabels: Record<Preset, string> = {
  any: 'Any time',
  today: 'Today',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  custom: 'Custom range',
};

/** The day `days` after `day` (before, when negative), in the calendar, whatever the clocks do. */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00`);
  date.setDate(date.getDate() + days);
  return localDay(date);
}

function presetRange(preset: Preset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: shiftDay(today, -6), to: today };
    case 'last30':
      return { from: shiftDay(today, -29), to: today };
    default:
      return {};
  }
}

function presetOf(range: DayRange, today: string): Preset {
  if (!range.from && !range.to) return 'any';
  const named = (['today', 'last7', 'last30'] as const).find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
  return named ?? 'custom';
}

const dayFormatHint = 'YYYY-MM-DD';

/**
 * A typed day. Only a complete date that exists reaches `onDay` (so a half-typed year is never sent);
 * anything else stays in the field as typed and, once complete or left, says what is wrong.
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
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The value changed from outside (a preset, cleared filters, Back): show it, unless the text says it.
  if (value !== shown) {
    setShown(value);
    if (readDay(text.trim()) !== value) setText(value ?? '');
    setRefusal(null);
  }
  const typed = text.trim();
  const usable = typed === '' || readDay(typed) !== undefined;
  const invalid = !usable && (left || typed.length >= dayFormatHint.length);
  const error = invalid ? `Not a date: type one that exists, as ${dayFormatHint}` : refusal;

  return (
    <TextInput
      label={label}
      placeholder={dayFormatHint}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      maxLength={20}
      w={150}
      error={error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setLeft(false);
        const day = next.trim() === '' ? undefined : readDay(next.trim());
        if (next.trim() === '' || day) setRefusal(onDay(day));
      }}
      onBlur={() => setLeft(true)}
    />
  );
}

/**
 * A date filter of a list: presets (today, the last 7 or 30 days) or a custom range typed as dates. The
 * range goes to `onChange` only whole and in order, so the URL never holds a half-typed date.
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
    <Group role="group" aria-label={label} align="flex-start" gap="xs" wrap="nowrap">
      <NativeSelect
        label={label}
        value={preset}
        data={presets.map((choice) => ({ value: choice, label: presetLabels[choice] }))}
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
