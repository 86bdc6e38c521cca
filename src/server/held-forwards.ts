import type { MiddlewareHandler } from 'hono';
import { defaultConnectionLimits } from '../sandbox/http-server';
import { errorResponse } from './error-envelope';
import type { ServerEnv } from './server-env';

/**
 * Requests forwarded to the warehouse that may be waiting on it at once. Each holds its connection until
 * the service answers (up to UPSTREAM_TIMEOUT_MS, 64 of them on a connection to it, the rest in line), so
 * together with the live streams they stay far below the connections the server takes (ConnectionLimits'
 * maxConnections), and ordinary requests always find room.
 */
export type HeldForwardLimits = { maxWaiting: number; maxWaitingPerPerson: number };

export const defaultHeldForwardLimits: HeldForwardLimits = {
  // 256 where the server takes 8,192 connections; fewer where the process may open fewer files.
  maxWaiting: Math.min(256, Math.floor(defaultConnectionLimits.maxConnections / 32)),
  maxWaitingPerPerson: 32,
};

/** Counts forwarded requests in flight, in all and per person, and refuses those past either cap. */
export function limitHeldForwards(limits: HeldForwardLimits): MiddlewareHandler<ServerEnv> {
  let waiting = 0;
  const byPerson = new Map<string, number>();
  return async (c, next) => {
    const person = c.get('person').name;
    const ofPerson = byPerson.get(person) ?? 0;
    if (waiting >= limits.maxWaiting) {
      return errorResponse(
        503,
        'server_busy',
        'The warehouse is asked too much at once',
        'The console waits on the warehouse service for as many requests as it can; try again in a few seconds.',
        { headers: { 'retry-after': '5' } },
      );
    }
    if (ofPerson >= limits.maxWaitingPerPerson) {
      return errorResponse(
        429,
        'rate_limited',
        'Too many requests at once',
        `${ofPerson} of your requests are waiting on the warehouse service already; try again once they are answered.`,
        { headers: { 'retry-after': '5' } },
      );
    }
    waiting += 1;
    byPerson.set(person, ofPerson + 1);
    try {
      await next();
    } finally {
      waiting -= 1;
      const left = (byPerson.get(person) ?? 1) - 1;
      if (left === 0) byPerson.delete(person);
      else byPerson.set(person, left);
    }
  };
}
