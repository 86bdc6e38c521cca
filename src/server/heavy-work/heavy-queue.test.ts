import { describe, expect, it } from 'vitest';
import { Busy, createHeavyQueue } from './heavy-queue';

/** Work that finishes when the test says so, and whether it has started. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const work = { started: false, open, run: async () => {} };
  work.run = async () => {
    work.started = true;
    await opened;
  };
  return work;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof Busy ? { reason: error.reason, after: error.retryAfterSeconds } : error,
  );

describe('the lines of heavy work', () => {
  it('runs as many as the kind allows, lets the rest wait, and refuses past the line with when to try again', async () => {
    const queue = createHeavyQueue({ packet: { running: 2, waiting: 2, waitingPerPerson: 5 } });
    const works = Array.from({ length: 4 }, gate);
    const runs = works.map((work, index) => queue.run('packet', `person ${index}`, work.run));
    await settle();
    expect(works.map((work) => work.started)).toEqual([true, true, false, false]);
    expect(await refusal(queue.run('packet', 'person 9', async () => {}))).toEqual({
      reason: 'full',
      after: 2,
    });
    expect(queue.state()).toEqual([
      { kind: 'packet', running: 2, waiting: 2, refused: { full: 1, yours: 0, shed: 0 } },
    ]);
    works[0]?.open();
    await settle();
    expect(works.map((work) => work.started)).toEqual([true, true, true, false]);
    for (const work of works) work.open();
    await Promise.all(runs);
    expect(queue.state()[0]).toMatchObject({ running: 0, waiting: 0 });
  });

  it('runs one of a person at a time, the next of theirs behind everyone else who could start', async () => {
    const queue = createHeavyQueue({ packet: { running: 2, waiting: 8, waitingPerPerson: 1 } });
    const [first, second, other] = [gate(), gate(), gate()];
    const runs = [
      queue.run('packet', 'ana', first.run),
      queue.run('packet', 'ana', second.run),
      queue.run('packet', 'bo', other.run),
    ];
    await settle();
    expect([first.started, second.started, other.started]).toEqual([true, false, true]);
    // One of ana's waits already: a third is refused, as hers, not for everyone.
    expect(await refusal(queue.run('packet', 'ana', async () => {}))).toMatchObject({ reason: 'yours' });
    first.open();
    await settle();
    expect(second.started).toBe(true);
    second.open();
    other.open();
    await Promise.all(runs);
  });

  it('counts every request as one person when the kind has no per-person share', async () => {
    const queue = createHeavyQueue({ password: { running: 2, waiting: 1 } });
    const works = [gate(), gate(), gate()];
    const runs = works.map((work) => queue.run('password', '', work.run));
    await settle();
    expect(works.map((work) => work.started)).toEqual([true, true, false]);
    expect(await refusal(queue.run('password', '', async () => {}))).toMatchObject({ reason: 'full' });
    for (const work of works) work.open();
    await Promise.all(runs);
  });

  it('lets a request leave the line when its client goes, and refuses new work while shedding unless its line is idle', async () => {
    let shedding = false;
    const queue = createHeavyQueue({ trace: { running: 1, waiting: 4 } }, { shedding: () => shedding });
    const running = gate();
    const run = queue.run('trace', 'ana', running.run);
    const gone = new AbortController();
    const waiting = queue.run('trace', 'bo', async () => 'never', { signal: gone.signal });
    await settle();
    gone.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(queue.state()[0]).toMatchObject({ running: 1, waiting: 0 });
    shedding = true;
    expect(await refusal(queue.run('trace', 'cy', async () => {}))).toMatchObject({ reason: 'shed' });
    running.open();
    await run;
    // Nothing running or waiting: a person's one task runs, on its worker thread, however pressed.
    expect(await queue.run('trace', 'cy', async () => 'traced')).toBe('traced');
  });

  it('holds a place until it is released, for work that outlasts its answer', async () => {
    const queue = createHeavyQueue({ export: { running: 1, waiting: 0 } });
    const release = await queue.hold('export', 'ana');
    expect(await refusal(queue.hold('export', 'bo'))).toMatchObject({ reason: 'full' });
    release();
    await settle();
    const again = await queue.hold('export', 'bo');
    again();
  });

  it('says a longer wait the longer the work of its kind takes', async () => {
    let clock = 0;
    const queue = createHeavyQueue({ packet: { running: 1, waiting: 0 } }, { now: () => clock });
    for (let run = 0; run < 20; run++)
      await queue.run('packet', 'ana', async () => {
        clock += 9_000;
      });
    const blocker = gate();
    const blocked = queue.run('packet', 'ana', blocker.run);
    await settle();
    expect(await refusal(queue.run('packet', 'bo', async () => {}))).toEqual({ reason: 'full', after: 9 });
    blocker.open();
    await blocked;
  });

  it('refuses a newcomer whose wait, by how long the work lately took, would pass the longest wait', async () => {
    let clock = 0;
    const queue = createHeavyQueue(
      { password: { running: 1, waiting: 64, maxWaitMs: 3_000 } },
      { now: () => clock },
    );
    for (let run = 0; run < 20; run++)
      await queue.run('password', '', async () => {
        clock += 1_000;
      });
    const blockers = [gate(), gate(), gate()];
    const running = blockers.map((blocker) => queue.run('password', '', blocker.run));
    await settle();
    // One running, two waiting: a third would wait 3 s, a fourth 4 s.
    const third = gate();
    const waited = queue.run('password', '', third.run);
    expect(await refusal(queue.run('password', '', async () => {}))).toEqual({ reason: 'full', after: 4 });
    for (const blocker of [...blockers, third]) blocker.open();
    await Promise.all([...running, waited]);
  });
});
