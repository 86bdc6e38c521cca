/** How much of one kind of heavy work the console takes at once. */
export type HeavyLimits = {
  /** Running at once, everyone's together. */
  running: number;
  /** Waiting for a place, everyone's together: past it the answer is 503. */
  waiting: number;
  /**
   * With a person's key: each person has at most one running and `waitingPerPerson` waiting, so that one
   * person's many requests wait behind each other rather than in front of everyone else's.
   */
  waitingPerPerson?: number;
  /**
   * The longest a newcomer should wait, by how long this kind's work has lately taken: past it the answer
   * is 503 at once rather than an answer after the client has given up.
   */
  maxWaitMs?: number;
};

/** Why work was refused: the kind's line is full, the person's is, or the console sheds heavy work. */
export type BusyReason = 'full' | 'yours' | 'shed';

/** Heavy work refused for now: try again in `retryAfterSeconds`. */
export class Busy extends Error {
  constructor(
    readonly kind: string,
    readonly reason: BusyReason,
    readonly retryAfterSeconds: number,
  ) {
    super(`${kind}: busy (${reason}), try again in ${retryAfterSeconds} s`);
    this.name = 'Busy';
  }
}

type Waiting = { person: string; start: () => void };
type Line = {
  running: number;
  runningFor: Map<string, number>;
  waiting: Waiting[];
  /** The mean time a task of this kind ran, lately: what a wait in line is worth. */
  meanMs: number;
  refused: Record<BusyReason, number>;
};

/** What /metrics shows of one kind. */
export type HeavyLineState = {
  kind: string;
  running: number;
  waiting: number;
  refused: Record<BusyReason, number>;
};

const maxRetryAfterSeconds = 60;

/**
 * Lines for the kinds of heavy work (packets, imports, hashing…), each bounded by its HeavyLimits. `run`
 * starts the work at once when there is room, else it waits in its kind's line (and leaves it when
 * `signal` aborts, say because the client went away), else it is refused with Busy, saying how long the
 * line takes to move. While `shedding(kind)` says so, new work of that kind is refused before it waits,
 * unless its line is idle: one task alone runs on its worker thread and costs the request thread little,
 * and a console slowed by its machine's other work would otherwise turn away a person's only packet.
 */
export function createHeavyQueue<Kind extends string>(
  limits: Record<Kind, HeavyLimits>,
  {
    shedding = () => false,
    now = () => performance.now(),
  }: { shedding?: (kind: Kind) => boolean; now?: () => number } = {},
) {
  const lines = new Map<Kind, Line>();
  const lineOf = (kind: Kind): Line => {
    let line = lines.get(kind);
    if (!line) {
      line = {
        running: 0,
        runningFor: new Map(),
        waiting: [],
        meanMs: 1_000,
        refused: { full: 0, yours: 0, shed: 0 },
      };
      lines.set(kind, line);
    }
    return line;
  };

  /** How long a newcomer would wait in line, by how long this kind's work has lately taken. */
  const expectedWaitMs = (kind: Kind, line: Line) =>
    (line.meanMs * (line.waiting.length + 1)) / limits[kind].running;
  const retryAfter = (kind: Kind, line: Line) =>
    Math.min(maxRetryAfterSeconds, Math.max(1, Math.ceil(expectedWaitMs(kind, line) / 1000)));
  const refuse = (kind: Kind, line: Line, reason: BusyReason) => {
    line.refused[reason] += 1;
    return new Busy(kind, reason, retryAfter(kind, line));
  };
  const perPerson = (kind: Kind) => limits[kind].waitingPerPerson !== undefined;
  const mayStart = (kind: Kind, line: Line, person: string) =>
    line.running < limits[kind].running && !(perPerson(kind) && line.runningFor.has(person));

  const take = (line: Line, person: string) => {
    line.running += 1;
    line.runningFor.set(person, (line.runningFor.get(person) ?? 0) + 1);
  };

  /** Starts the first in line whose person has nothing of this kind running, while there is room. */
  function admitNext(kind: Kind, line: Line): void {
    for (let index = 0; index < line.waiting.length && line.running < limits[kind].running; ) {
      const next = line.waiting[index] as Waiting;
      if (mayStart(kind, line, next.person)) {
        line.waiting.splice(index, 1);
        // Counted now, not once its task resumes: the next one in line must see the place taken.
        take(line, next.person);
        next.start();
      } else index += 1;
    }
  }

  async function run<T>(
    kind: Kind,
    person: string,
    work: () => Promise<T>,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<T> {
    const line = lineOf(kind);
    const { waiting, waitingPerPerson, maxWaitMs = Number.POSITIVE_INFINITY } = limits[kind];
    const idle = line.running === 0 && line.waiting.length === 0;
    if (!idle && shedding(kind)) throw refuse(kind, line, 'shed');
    if (mayStart(kind, line, person)) take(line, person);
    else {
      if (line.waiting.length >= waiting || expectedWaitMs(kind, line) > maxWaitMs)
        throw refuse(kind, line, 'full');
      if (
        waitingPerPerson !== undefined &&
        line.waiting.filter((entry) => entry.person === person).length >= waitingPerPerson
      )
        throw refuse(kind, line, 'yours');
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const entry: Waiting = {
          person,
          start: () => {
            signal?.removeEventListener('abort', leave);
            resolve();
          },
        };
        const leave = () => {
          line.waiting.splice(line.waiting.indexOf(entry), 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', leave, { once: true });
        line.waiting.push(entry);
      });
    }
    const started = now();
    try {
      return await work();
    } finally {
      line.meanMs = line.meanMs * 0.8 + (now() - started) * 0.2;
      line.running -= 1;
      const left = (line.runningFor.get(person) ?? 1) - 1;
      if (left === 0) line.runningFor.delete(person);
      else line.runningFor.set(person, left);
      admitNext(kind, line);
    }
  }

  return {
    run,
    hold: <K extends Kind>(kind: K, person: string, options: { signal?: AbortSignal } = {}) =>
      holdPlace((work) => run(kind, person, work, options)),
    /** Each kind's line as it stands, for /metrics. */
    state: (): HeavyLineState[] =>
      (Object.keys(limits) as Kind[]).map((kind) => {
        const line = lineOf(kind);
        return { kind, running: line.running, waiting: line.waiting.length, refused: { ...line.refused } };
      }),
  };
}
export type HeavyQueue<Kind extends string> = ReturnType<typeof createHeavyQueue<Kind>>;

/**
 * A place in a line, held until the answer calls `release` (an export streams long after its route has
 * answered): resolves once the place is taken (by `run`, with work that waits for the release), or throws
 * as `run` refuses.
 */
async function holdPlace(run: (work: () => Promise<void>) => Promise<void>): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let taken = () => {};
  const place = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const running = run(async () => {
    taken();
    await released;
  });
  await Promise.race([place, running]);
  return release;
}
