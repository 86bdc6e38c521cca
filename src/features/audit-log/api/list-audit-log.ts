import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type AuditLogPage, listAuditLogRoute } from '@/contract/audit-log';
import { callOperation } from '@/lib/call-operation';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (before: number | undefined) => [...auditLogKeys.all, { before }] as const,
};

export function listAuditLog(before: number | undefined, signal?: AbortSignal): Promise<AuditLogPage> {
  return callOperation(listAuditLogRoute, { query: { before, limit: 50 }, signal });
}

export function listAuditLogQueryOptions(before: number | undefined) {
  return queryOptions({
    queryKey: auditLogKeys.page(before),
    queryFn: ({ signal }) => listAuditLog(before, signal),
  });
}

export function useAuditLog(before: number | undefined) {
  return useSuspenseQuery(listAuditLogQueryOptions(before)).data;
}
