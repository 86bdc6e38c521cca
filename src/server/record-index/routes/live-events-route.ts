import type { Context, Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { consoleRoutes } from '../../../contract/console-api';
import type { LiveChange } from '../../../contract/live-change';
import type { WarehouseReach } from '../../../contract/warehouse-reach';
import { defaultConnectionLimits } from '../../../http/http-server';
import { installRoute } from '../../api/console-route';
import { errorResponse } from '../../api/error-envelope';
import type { ServerEnv } from '../../server-env';
import type { WarehouseReachTracker } from '../../upstream/warehouse-reach';
import type { ChangeFeed, ChangeFollower } from '../store/change-feed';

export type LiveEventLimits = {
  /**
   * Streams open at once, in all and per person (a person's tabs); each holds a connection for as long as
   * it is open, so in all they stay far below the connections the server takes (see held-forwards.ts).
   */
  maxStreams: number;
  maxStreamsPerPerson: number;
  /** Events waiting for a slow reader; more, and it gets one `reset` instead. */
  maxQueued: number;
  /** A comment on every stream this often, so proxies and the browser know it is alive. */
  heartbeatMs: number;
  /** How often each stream's session is checked: a stream ends soon after its session does. */
  sessionCheckMs: number;
};

export const defaultLiveEventLimits: LiveEventLimits = {
  // 500 where the server takes 8,192 connections; fewer where the process may open fewer files.
  maxStreams: Math.min(500, Math.floor(defaultConnectionLimits.maxConnections / 16)),
  maxStreamsPerPerson: 10,
  maxQueued: 1000,
  heartbeatMs: 20_000,
  sessionCheckMs: 5_000,
};

/** Up to 15 digits: a sequence number of the change log, as this server sent it. */
const sequenceNumber = /^\d{1,15}$/;

const changeEvent = (change: LiveChange) =>
  `event: change\nid: ${change.seq}\ndata: ${JSON.stringify(change)}\n\n`;
const resetEvent = (seq: number) => `event: reset\nid: ${seq}\ndata: ${JSON.stringify({ seq })}\n\n`;
const readyEvent = (seq: number) => `event: ready\nid: ${seq}\ndata: ${JSON.stringify({ seq })}\n\n`;
// No id: the reader resumes from the change log's sequence, which this event is not part of.
const warehouseEvent = (reach: WarehouseReach) => `event: warehouse\ndata: ${JSON.stringify(reach)}\n\n`;

type OpenStream = {
  person: string;
  signedIn: () => Promise<boolean>;
  send(text: string): void;
  /** Sends a heartbeat once the stream's first event is on its way (the log is read first). */
  beat(): void;
  end(): void;
};

/** What the route's streams share: the change feed, the warehouse's reach, the limits, those open. */
type Streams = {
  feed: ChangeFeed;
  reach: WarehouseReachTracker | null;
  limits: LiveEventLimits;
  open: Set<OpenStream>;
};

/** Sends the stream's start, then each change as it comes, until the reader or the session goes. */
function follow(
  sse: SSEStreamingApi,
  { person, signedIn, lastSeq }: { person: string; signedIn: () => Promise<boolean>; lastSeq: number | null },
  { feed, reach, limits, open }: Streams,
) {
  const queue: string[] = [];
  let lastSent = lastSeq ?? 0;
  let writing = false;
  let ended: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const pump = async () => {
    if (writing) return;
    writing = true;
    for (let text = queue.shift(); text !== undefined && !sse.aborted; text = queue.shift()) {
      await sse.write(text);
    }
    writing = false;
  };
  const send = (text: string) => {
    queue.push(text);
    void pump();
  };
  const reset = (seq: number) => {
    queue.length = 0;
    lastSent = Math.max(lastSent, seq);
    send(resetEvent(seq));
  };
  const queueChanges = (changes: LiveChange[]) => {
    for (const change of changes) {
      if (change.seq <= lastSent) continue;
      lastSent = change.seq;
      queue.push(changeEvent(change));
    }
    // A reader this far behind would see stale pages anyway: one reset instead of a growing queue.
    if (queue.length > limits.maxQueued) reset(lastSent);
    else void pump();
  };
  let started = false;
  const follower: ChangeFollower = {
    start(start) {
      started = true;
      if (start.from === 'now') {
        lastSent = start.seq;
        send(readyEvent(start.seq));
      } else if (start.from === 'reset') {
        // From where the log stands, not the reader's id: one past the log (a rebuilt index) would skip changes.
        lastSent = start.seq;
        reset(start.seq);
      } else if (start.changes.length === 0) send(': resumed\n\n');
      else queueChanges(start.changes);
      const current = reach?.current();
      if (current && !current.answering) send(warehouseEvent(current));
    },
    changes: queueChanges,
    reset,
    lost: () => ended(),
  };
  const subscription = feed.follow(lastSeq, follower);
  const stream: OpenStream = {
    person,
    signedIn,
    send,
    beat: () => {
      if (started) send(': heartbeat\n\n');
    },
    end: () => ended(),
  };
  open.add(stream);
  sse.onAbort(() => ended());
  return done.finally(() => {
    subscription.close();
    open.delete(stream);
  });
}

/**
 * `GET /api/events`: the index's changes of the console's organization as Server-Sent Events, behind the
 * session guard. A stream resumes after `Last-Event-ID` (or `?lastEventId=` on a first connect) from the
 * change log; see createChangeFeed for what is replayed and when a `reset` is sent instead. Whether the
 * warehouse answers (`warehouse`) is sent to every stream when it changes, and when a stream opens while
 * it does not: a reader takes a new stream to mean it answers until told otherwise.
 */
export function installLiveEvents(
  app: Hono<ServerEnv>,
  {
    feed,
    signedIn,
    reach,
    limits = defaultLiveEventLimits,
  }: {
    feed: ChangeFeed;
    reach: WarehouseReachTracker | null;
    /** Whether the request's session still holds (the guard let it in once). */
    signedIn: (c: Context<ServerEnv>) => Promise<boolean>;
    limits?: LiveEventLimits;
  },
) {
  const open = new Set<OpenStream>();
  let sinceHeartbeatMs = 0;
  const ticks = setInterval(() => {
    sinceHeartbeatMs += limits.sessionCheckMs;
    const beat = sinceHeartbeatMs >= limits.heartbeatMs;
    if (beat) sinceHeartbeatMs = 0;
    for (const stream of open) {
      // A session that cannot be read ends the stream too: the reader reconnects through the guard.
      stream.signedIn().then(
        (holds) => {
          if (!holds) stream.end();
          else if (beat) stream.beat();
        },
        () => stream.end(),
      );
    }
  }, limits.sessionCheckMs);
  ticks.unref();
  reach?.follow((current) => {
    for (const stream of open) stream.send(warehouseEvent(current));
  });

  installRoute(app, consoleRoutes.liveEvents, (c, { query }) => {
    const header = c.req.header('last-event-id');
    const parameter = header === undefined ? 'lastEventId' : 'Last-Event-ID';
    const raw = header ?? query.lastEventId;
    if (raw !== undefined && !sequenceNumber.test(raw)) {
      return errorResponse(
        400,
        'validation_failed',
        `${parameter} is not valid`,
        `${parameter} must be the id of an event this server sent (a whole number).`,
        { pointer: '/', parameter },
      );
    }
    const person = c.get('person').name;
    const ofPerson = [...open].filter((stream) => stream.person === person).length;
    if (open.size >= limits.maxStreams) {
      return errorResponse(
        503,
        'server_busy',
        'Too many live streams',
        'The server follows as many browsers as it can; live updates resume once some close.',
        { headers: { 'retry-after': '60' } },
      );
    }
    if (ofPerson >= limits.maxStreamsPerPerson) {
      return errorResponse(
        429,
        'rate_limited',
        'Too many live streams',
        `You follow live updates in ${ofPerson} tabs already; close some to follow them here.`,
        { headers: { 'retry-after': '60' } },
      );
    }
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, (sse) =>
      follow(
        sse,
        { person, signedIn: () => signedIn(c), lastSeq: raw === undefined ? null : Number(raw) },
        { feed, reach, limits, open },
      ),
    );
  });

  return { openCount: () => open.size };
}
