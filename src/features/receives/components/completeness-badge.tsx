import { Badge } from '@mantine/core';
import { type CompletenessState, completenessStateLabels } from '../../../lib/receive-completeness';

/** Dark shades so white text keeps AA contrast; the word carries the meaning, the color only helps. */
export const completenessColors: Record<CompletenessState, string> = {
  awaiting: 'gray.7',
  partial: 'blue.8',
  complete: 'teal.9',
  short: 'red.9',
  over: 'grape.9',
  canceled: 'dark.4',
};

/** Never narrower than its word (see StatusBadge): a table column must not clip it to "Com…". */
export function CompletenessBadge({ state }: { state: CompletenessState }) {
  return (
    <Badge color={completenessColors[state]} variant="filled" radius="sm" tt="none" miw="max-content">
      {completenessStateLabels[state]}
    </Badge>
  );
}
