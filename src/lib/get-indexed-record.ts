import type { z } from 'zod';
import { type Freshness, getRecordRoute, type IndexedRecordKind } from '@/contract/index-records';
import { limits } from '@/contract/limits';
import { isNotFoundError } from './api-error';
import { callOperation } from './call-operation';

/** A record and how fresh the console's copy of it is. */
export type FreshRecord<T> = { record: T; freshness: Freshness };

/**
 * One order, receive or return as the console's index holds it (the server looks up at the operator what
 * the index lacks, and asks the operator first on `refresh`), its document checked by `documentSchema`;
 * null when there is none.
 */
export async function getIndexedRecord<S extends z.ZodType>(
  kind: IndexedRecordKind,
  reference: string,
  documentSchema: S,
  { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<FreshRecord<z.output<S>> | null> {
  // None made through the contract is longer; the server refuses such a reference with 400.
  if (reference.trim() === '' || reference.length > limits.maxLength.reference) return null;
  try {
    // TypeScript cannot follow a generic schema through `extend`; the answer is checked against it all the same.
    const route = { ...getRecordRoute, answer: getRecordRoute.answer.extend({ document: documentSchema }) };
    const { document, source, asOf, updated } = (await callOperation(route, {
      params: { kind, reference },
      query: { refresh: refresh ? 'true' : undefined },
      signal,
    })) as Freshness & { document: z.output<S> };
    return { record: document, freshness: { source, asOf, updated } };
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

/**
 * A record the console itself just wrote (a create, a correction, a warehouse action): the server indexed
 * its answer as the console's, so a page can show it at once with that freshness.
 */
export function writtenByConsole<T extends { dateLastUpdated?: string }>(record: T): FreshRecord<T> {
  return {
    record,
    freshness: { source: 'console', asOf: new Date().toISOString(), updated: record.dateLastUpdated ?? null },
  };
}
