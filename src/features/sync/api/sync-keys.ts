import { useSuspenseQuery } from '@tanstack/react-query';
import { getIndexStatusQueryOptions } from '@/lib/get-index-status';

export const syncKeys = {
  all: ['sync'] as const,
  deliveries: () => [...syncKeys.all, 'deliveries'] as const,
};

export function useIndexStatus() {
  return useSuspenseQuery(getIndexStatusQueryOptions());
}
