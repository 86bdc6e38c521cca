import { ReceiveStateBadge } from '../../../components/state-badge';
import type { CompletenessState } from '../../../lib/receive-completeness';
import { receiveStateWords } from '../../../lib/record-states';

// Left only for the receive page's overview, until it shows ReceiveStateBadge itself: the words and colors
// are those of record-states, the one vocabulary.

export const completenessColors = Object.fromEntries(
  Object.entries(receiveStateWords).map(([state, words]) => [state, words.color]),
) as Record<CompletenessState, string>;

export function CompletenessBadge({ state }: { state: CompletenessState }) {
  return <ReceiveStateBadge state={state} />;
}
