import { receiveStateWords, statusCodeWords } from '@/domain/record-states';
import { dayRangeInWords } from '@/domain/typed-day';
import type { ReceiveListSearch } from './receive-list-search';

const discrepancyWords = { short: 'short', over: 'over', any: 'short or over' } as const;

/**
 * What the list's filters ask for, in words ("finalized Dec 6 – 12", "short or over", "warehouse LAW"),
 * for an empty list to say why it is empty.
 */
export function receiveFilterWords(search: ReceiveListSearch): string[] {
  const days = (words: string, from?: string, to?: string) => {
    const range = dayRangeInWords(from, to);
    return range ? `${words} ${range}` : '';
  };
  return [
    search.status ? `${statusCodeWords(search.status, 'receive')?.toLowerCase()} (${search.status})` : '',
    search.state ? receiveStateWords[search.state].label.toLowerCase() : '',
    search.discrepancy ? discrepancyWords[search.discrepancy] : '',
    search.overdue ? 'overdue' : '',
    search.refundable ? 'ready to refund' : '',
    search.warehouse ? `warehouse ${search.warehouse}` : '',
    days('last changed', search.updatedFrom, search.updatedTo),
    days('due', search.etaFrom, search.etaTo),
    days('finalized', search.finishedFrom, search.finishedTo),
  ].filter(Boolean);
}
