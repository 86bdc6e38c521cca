import {
  listDirections,
  listedReceiveKinds,
  orderListSorts,
  orderStates,
  receiveDiscrepancies,
  receiveListSorts,
} from '../../../contract/index-lists';
import { receiveStateWords } from '../../../domain/record-states';
import type { ListFilter, ListOrder, ListSort } from '../store/list-keysets';
import { isDay, readInstant } from './read-instant';

/** What a list or an export asks of the index, read from the query string; an export has no page. */
export type ListRequest = {
  filter: ListFilter;
  order: ListOrder;
  page: { limit: number; cursor?: string } | null;
};
export type ListQueryReading =
  | { ok: true; request: ListRequest }
  | { ok: false; parameter: string; detail: string };

export const defaultListLimit = 50;
export const maxListLimit = 200;
const maxValueLength = 200;
/** A cursor carries the last row's sort values, a reference among them. */
const maxCursorLength = 1000;
/** Values of one filter, over repeats and comma lists together. */
const maxValuesPerParameter = 20;

const receiveStates = Object.keys(receiveStateWords);
/** Operator codes (PRS, FIN, CAN and whatever else the operator's open list holds). */
const statusCode = /^[A-Z0-9_-]+$/;

class ParameterProblem extends Error {
  constructor(
    readonly parameter: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** Reads `params`, which may hold only `known` names; every read refuses what it cannot use. */
function queryReader(params: URLSearchParams, known: readonly string[]) {
  for (const name of new Set(params.keys())) {
    if (!known.includes(name)) {
      throw new ParameterProblem(
        name.slice(0, maxValueLength),
        `This list has no parameter of that name; it takes ${known.join(', ')}.`,
      );
    }
  }

  function single(name: string, maxLength = maxValueLength): string | undefined {
    const values = params.getAll(name);
    if (values.length > 1) throw new ParameterProblem(name, `Give ${name} once.`);
    const value = values[0];
    if (value !== undefined && value.length > maxLength) {
      throw new ParameterProblem(name, `${name} is at most ${maxLength} characters long.`);
    }
    return value === '' ? undefined : value;
  }

  function oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = single(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw new ParameterProblem(name, `${name} is one of ${allowed.join(', ')}.`);
    }
    return value as T;
  }

  /** Repeated (`state=held&state=picking`) or comma-separated (`state=held,picking`), or both. */
  function list(name: string, check: (value: string) => string | null): string[] {
    const sent = params.getAll(name);
    if (sent.some((value) => value.length > maxValueLength)) {
      throw new ParameterProblem(name, `${name} is at most ${maxValueLength} characters long.`);
    }
    const values = sent
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (values.length > maxValuesPerParameter) {
      throw new ParameterProblem(name, `${name} takes at most ${maxValuesPerParameter} values.`);
    }
    const checked = values.map((value) => {
      const usable = check(value);
      if (usable === null) throw new ParameterProblem(name, `${name} cannot be “${value}”.`);
      return usable;
    });
    return [...new Set(checked)];
  }

  function range(fromName: string, toName: string): { from?: number; to?: number } {
    const [from, to] = ([fromName, toName] as const).map((name) => {
      const value = single(name);
      if (value === undefined) return undefined;
      const ms = readInstant(value, name === fromName ? 'from' : 'to');
      if (ms === null) {
        throw new ParameterProblem(
          name,
          `${name} is not a date that exists in ISO 8601: send a day (2026-11-23) or an instant (2026-11-23T14:00:00Z).`,
        );
      }
      return ms;
    });
    if (from !== undefined && to !== undefined && from > to) {
      throw new ParameterProblem(toName, `${toName} is before ${fromName}.`);
    }
    return { from, to };
  }

  return { single, oneOf, list, range };
}

type QueryReader = ReturnType<typeof queryReader>;

function readPage(query: QueryReader): NonNullable<ListRequest['page']> {
  const sent = query.single('limit');
  const limit = sent === undefined ? defaultListLimit : /^\d{1,3}$/.test(sent) ? Number(sent) : 0;
  if (limit < 1 || limit > maxListLimit) {
    throw new ParameterProblem('limit', `limit is a whole number from 1 to ${maxListLimit}.`);
  }
  return { limit, cursor: query.single('cursor', maxCursorLength) };
}

function reading(read: () => ListRequest): ListQueryReading {
  try {
    return { ok: true, request: read() };
  } catch (error) {
    if (error instanceof ParameterProblem)
      return { ok: false, parameter: error.parameter, detail: error.message };
    throw error;
  }
}

const readStatus = (value: string) => (statusCode.test(value.toUpperCase()) ? value.toUpperCase() : null);
const asIs = (value: string) => value;
const oneOfList = (allowed: readonly string[]) => (value: string) => (allowed.includes(value) ? value : null);

/** How one list differs from the other: the name of its due date, its states and sorts, its own filters. */
type ListParameters = {
  due: 'shipBy' | 'eta';
  states: readonly string[];
  sorts: readonly string[];
  own: string[];
  readOwn: (
    query: QueryReader,
  ) => Pick<
    ListFilter,
    'kind' | 'late' | 'open' | 'overdue' | 'refundable' | 'discrepancy' | 'finishedFromMs' | 'finishedToMs'
  >;
};

function readListQuery(params: URLSearchParams, paged: boolean, list: ListParameters): ListQueryReading {
  return reading(() => {
    const [dueFrom, dueTo] = [`${list.due}From`, `${list.due}To`];
    const query = queryReader(params, [
      ...list.own,
      'status',
      'state',
      'warehouse',
      dueFrom,
      dueTo,
      'updatedFrom',
      'updatedTo',
      'today',
      'sort',
      'dir',
      ...(paged ? ['limit', 'cursor'] : []),
    ]);
    const due = query.range(dueFrom, dueTo);
    const updated = query.range('updatedFrom', 'updatedTo');
    const sort = query.oneOf('sort', list.sorts) ?? 'updated';
    return {
      filter: {
        ...list.readOwn(query),
        statuses: query.list('status', readStatus),
        states: query.list('state', oneOfList(list.states)),
        warehouses: query.list('warehouse', asIs),
        dueFromMs: due.from,
        dueToMs: due.to,
        updatedFromMs: updated.from,
        updatedToMs: updated.to,
        today: readToday(query),
      },
      order: {
        sort: (sort === list.due ? 'due' : sort) as ListSort,
        // Newest first by default; everything else from the start of its order.
        direction: query.oneOf('dir', listDirections) ?? (sort === 'updated' ? 'desc' : 'asc'),
      },
      page: paged ? readPage(query) : null,
    };
  });
}

/** The reader's calendar day, which late and overdue are judged by. */
function readToday(query: QueryReader): string | undefined {
  const today = query.single('today');
  if (today === undefined) return undefined;
  if (!isDay(today)) {
    throw new ParameterProblem(
      'today',
      'today is a day that exists, written YYYY-MM-DD (the reader’s today).',
    );
  }
  return today;
}

const readFlag = (query: QueryReader, name: string) => {
  const flag = query.oneOf(name, ['true', 'false']);
  return flag === undefined ? undefined : flag === 'true';
};

/** `open=true` keeps the orders not finished; without it every order is listed, so `false` means nothing. */
function readOpen(query: QueryReader): true | undefined {
  const sent = query.single('open');
  if (sent === undefined) return undefined;
  if (sent !== 'true') throw new ParameterProblem('open', 'open is true, or left out for every order.');
  return true;
}

/** When a record finished, under the name its list gives it. */
function readFinished(query: QueryReader, name: 'shipped' | 'finished') {
  const finished = query.range(`${name}From`, `${name}To`);
  return { finishedFromMs: finished.from, finishedToMs: finished.to };
}

/**
 * `GET /api/index/orders` (and its export, which takes no `limit` and `cursor`): status, state, late, open,
 * warehouse, shipByFrom/To, shippedFrom/To, updatedFrom/To, sort (updated, shipBy, reference, state), dir.
 */
export function readOrderListQuery(params: URLSearchParams, { paged }: { paged: boolean }): ListQueryReading {
  return readListQuery(params, paged, {
    due: 'shipBy',
    states: orderStates,
    sorts: orderListSorts,
    own: ['late', 'open', 'shippedFrom', 'shippedTo'],
    readOwn: (query) => ({
      kind: 'order',
      late: readFlag(query, 'late'),
      open: readOpen(query),
      ...readFinished(query, 'shipped'),
    }),
  });
}

/**
 * `GET /api/index/receives` (and its export): kind (receive or return), status, state (completeness),
 * discrepancy, overdue, refundable (returns with units not refunded before), warehouse, etaFrom/To, finishedFrom/To, updatedFrom/To, sort (updated, eta,
 * reference, state, received), dir.
 */
export function readReceiveListQuery(
  params: URLSearchParams,
  { paged }: { paged: boolean },
): ListQueryReading {
  return readListQuery(params, paged, {
    due: 'eta',
    states: receiveStates,
    sorts: receiveListSorts,
    own: ['kind', 'discrepancy', 'overdue', 'refundable', 'finishedFrom', 'finishedTo'],
    readOwn: (query) => ({
      kind: query.oneOf('kind', listedReceiveKinds) ?? 'receive',
      discrepancy: query.oneOf('discrepancy', receiveDiscrepancies),
      overdue: readFlag(query, 'overdue'),
      refundable: readFlag(query, 'refundable'),
      ...readFinished(query, 'finished'),
    }),
  });
}
