import type { IndexSource } from '@/contract/index-records';

/** Where the console's copy of a record came from, in a reader's words. */
export const sourceWords: Record<IndexSource, { name: string; meaning: string }> = {
  webhook: { name: 'from webhook', meaning: 'the warehouse sent the change itself' },
  sync: { name: 'from sync', meaning: 'the console’s regular read of the warehouse' },
  lookup: { name: 'from lookup', meaning: 'the console asked the warehouse for it' },
  console: { name: 'from the console', meaning: 'the warehouse’s answer to a change made here' },
};
