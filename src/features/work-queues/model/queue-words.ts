import type { QueueList, WorkQueueName } from '@/contract/work-queues';
import { orderStateWords } from '@/domain/record-states';

/** What a queue is called, what it holds, and what its empty state says. */
export const queueWords: Record<WorkQueueName, { title: string; holds: string; clear: string }> = {
  ordersLate: {
    title: 'Late orders',
    holds: 'Past their ship-by date, not shipped or canceled.',
    clear: 'No order is late.',
  },
  ordersDueToday: {
    title: 'Due today',
    holds: 'To ship by today, not shipped yet.',
    clear: 'Nothing left to ship today.',
  },
  ordersOnHold: {
    title: orderStateWords.held.label,
    holds: 'On hold at the warehouse, with the reason given.',
    clear: 'No order is on hold.',
  },
  ordersShippedShort: {
    title: orderStateWords.shipped_short.label,
    holds: 'Shipped with units missing, in the last 7 days.',
    clear: 'Every order shipped in the last 7 days left in full.',
  },
  receivesOverdue: {
    title: 'Overdue receives',
    holds: 'Past their ETA with nothing received.',
    clear: 'No receive is overdue.',
  },
  receivesFinishedShortOrOver: {
    title: 'Received short or over',
    holds: 'Finalized in the last 7 days with a line short or over.',
    clear: 'Every receive finalized in the last 7 days matched its announcement.',
  },
  returnsAwaiting: {
    title: 'Returns awaiting',
    holds: 'Announced, nothing received yet.',
    clear: 'No return is on its way.',
  },
  returnsReceived: {
    title: 'Returns received',
    holds: 'Finalized complete in the last 7 days with units not refunded before: ready to refund.',
    clear: 'No return was received complete in the last 7 days.',
  },
};

/** The queues of each section of the page, in the order a person works them. */
export const queueSections: { list: QueueList; title: string; queues: WorkQueueName[] }[] = [
  {
    list: 'orders',
    title: 'Orders',
    queues: ['ordersLate', 'ordersDueToday', 'ordersOnHold', 'ordersShippedShort'],
  },
  { list: 'receives', title: 'Receives', queues: ['receivesOverdue', 'receivesFinishedShortOrOver'] },
  { list: 'returns', title: 'Returns', queues: ['returnsAwaiting', 'returnsReceived'] },
];
