import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { defaultConnectionLimits } from '../../http/http-server';
import { errorResponse } from '../api/error-envelope';
import type { ServerEnv } from '../server-env';

/**
 * Requests forwarded to the warehouse that may be waiting on it at once. Each holds its connection until
 * the service answers (up to UPSTREAM_TIMEOUT_MS, 64 of them on a connection to it, the rest in line), so
 * together with the live streams they stay far below the connections the server takes (ConnectionLimits'
 * maxConnections), and ordinary requests always find room. One person's share keeps someone who holds
 * many slow requests from taking everyone's; past it, that person's next requests wait in line for one of
 * theirs to be answered, so a burst (a page's reads, a script's) is answered a little later rather than
 * refused, and only a longer line or a longer wait is refused with 429.
 */
export type HeldForwardLimits = {
  maxWaiting: number;
  maxWaitingPerPerson: number;
  /** A person's requests in line past maxWaitingPerPerson, each for at most `maxQueuedMs`. */
  maxQueuedPerPerson: number;
  maxQueuedMs: number;
};

export const defaultHeldForwardLimits: HeldForwardLimits = {
  // 256 where the server takes 8,192 connections; fewer where the process may open fewer files.
  maxWaiting: Math.min(256, Math.floor(defaultConnectionLimits.maxConnections / 32)),
  maxWaitingPerPerson: 32,
  // A request in line holds only its client's connection, which the connection caps bound anyway.
  maxQueuedPerPerson: 256,
  maxQueuedMs: 5_000,
};

/** A person's requests waiting on the warehouse, and those in line for a place among them. */
type PersonLine = { waiting: number; queue: (() => void)[] };

/**
 * Resolves true once `line` hands this request a place, false after `ms` or once the client has gone
 * (`response` closed before any answer), leaving the line.
 */
function waitInLine(line: PersonLine, ms: number, response: ServerResponse | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (admitted: boolean) => {
      clearTimeout(timer);
      response?.off('close', leave);
      resolve(admitted);
    };
    const admit = () => settle(true);
    const leave = () => {
      line.queue.splice(line.queue.indexOf(admit), 1);
      settle(false);
    };
    const timer = setTimeout(leave, ms);
    response?.once('close', leave);
    line.queue.push(admit);
  });
}

/** Counts forwarded requests in flight, in all and per person: past a person's share they wait in line. */
export function limitHeldForwards(limits: HeldForwardLimits): MiddlewareHandler<ServerEnv> {
  let waiting = 0;
  const byPerson = new Map<string, PersonLine>();
  /** A person's place passes to the first in their line, else it is free. */
  const release = (person: string, line: PersonLine) => {
    const next = line.queue.shift();
    if (next) return next();
    line.waiting -= 1;
    if (line.waiting === 0) byPerson.delete(person);
  };
  return async (c, next) => {
    const person = c.get('person').name;
    const line = byPerson.get(person) ?? { waiting: 0, queue: [] };
    byPerson.set(person, line);
    if (line.waiting < limits.maxWaitingPerPerson) line.waiting += 1;
    else if (
      line.queue.length >= limits.maxQueuedPerPerson ||
      !(await waitInLine(line, limits.maxQueuedMs, c.env?.outgoing))
    ) {
      return errorResponse(
        429,
        'rate_limited',
        'Too many requests at once',
        `${line.waiting} of your requests are waiting on the warehouse service already, and ${line.queue.length} more in line; try again once they are answered.`,
        { headers: { 'retry-after': '5' } },
      );
    }
    if (waiting >= limits.maxWaiting) {
      release(person, line);
      return errorResponse(
        503,
        'server_busy',
        'The warehouse is asked too much at once',
        'The console waits on the warehouse service for as many requests as it can; try again in a few seconds.',
        { headers: { 'retry-after': '5' } },
      );
    }
    waiting += 1;
    try {
      await next();
    } finally {
      waiting -= 1;
      release(person, line);
    }
  };
}
