import type Database from 'better-sqlite3';
import type { WebhookDelivery } from '../../contract/sandbox-webhook-deliveries';
import { timestamp } from '../documents';
import { createEarlyChanges, type EarlyChanges } from './early-changes';
import type { DeliveryFault, DeliveryPlan } from './webhook-faults';

export type RecordKind = WebhookDelivery['kind'];

/** A delivery waiting for its next attempt, with the document it carries. */
export type OutboxEntry = {
  seq: number;
  kind: RecordKind;
  organization: string;
  recordId: string;
  body: string;
  attempts: number;
  faults: DeliveryFault[];
};

export type AttemptOutcome = {
  /** null: no answer (timeout, refused connection). */
  status: number | null;
  /** The answer's beginning, or why there was none. */
  answer: string;
  atMs: number;
  next: { state: 'pending'; attemptAtMs: number } | { state: 'delivered' | 'failed' };
};

/**
 * The sandbox's webhook outbox, a table of its database (`webhook_outbox`): every change of an order or
 * receive is a row written in the change's own transaction, so a change and its delivery commit or
 * vanish together and a restart loses nothing. The delivery worker reads the due rows and records each
 * attempt; the newest finished rows stay for the deliveries listing.
 */
export type WebhookOutbox = {
  earlyChanges: EarlyChanges;
  /**
   * From now on every write of an order or receive enqueues a delivery, its faults drawn by `planDelivery`.
   */
  startRecording(planDelivery: () => DeliveryPlan): void;
  isRecording(): boolean;
  /** The store calls it inside the write's transaction, before the new version is stored. */
  record(change: {
    kind: RecordKind;
    organization: string;
    doc: { id: string; primaryReference: string };
    previousBody: () => string | undefined;
  }): void;
  /** Called once the transaction that recorded changes is over: the delivery worker wakes. */
  onRecorded(listener: (() => void) | undefined): void;
  /** Pending deliveries due at `nowMs`, earliest first, leaving out those in `skip` (in flight). */
  due(nowMs: number, limit: number, skip: ReadonlySet<number>): OutboxEntry[];
  /** When the next pending delivery after `nowMs` is due, if any. */
  nextAttemptAfter(nowMs: number): number | undefined;
  recordAttempt(seq: number, outcome: AttemptOutcome): void;
  /** The organization's deliveries, newest first. */
  list(organization: string, limit: number): WebhookDelivery[];
};

/** Finished (delivered or failed) deliveries kept for the listing; older ones are deleted. */
export const KEPT_FINISHED_DELIVERIES = 1_000;
const PRUNE_EVERY = 100;
const MAX_ANSWER_CHARS = 500;

type DeliveryRow = {
  seq: number;
  kind: RecordKind;
  recordId: string;
  primaryReference: string;
  state: WebhookDelivery['state'];
  attempts: number;
  lastStatus: number | null;
  lastAnswer: string | null;
  lastAttemptMs: number | null;
  nextAttemptMs: number | null;
  createdMs: number;
  faults: string;
};

const readFaults = (text: string) => (text === '' ? [] : (text.split(',') as DeliveryFault[]));
const timeOrNull = (ms: number | null) => (ms === null ? null : timestamp(new Date(ms)));

export function createWebhookOutbox(db: Database.Database, now: () => number = Date.now): WebhookOutbox {
  const insert = db.prepare(
    `INSERT INTO webhook_outbox (org, kind, record_id, primary_reference, body, next_attempt_ms, created_ms, faults)
     VALUES (@org, @kind, @recordId, @primaryReference, @body, @nextAttemptMs, @createdMs, @faults)`,
  );
  const selectDue = db.prepare(
    `SELECT seq, kind, org AS organization, record_id AS recordId, body, attempts, faults FROM webhook_outbox
     WHERE state = 'pending' AND next_attempt_ms <= ? ORDER BY next_attempt_ms, seq LIMIT ?`,
  );
  const selectNext = db
    .prepare(
      `SELECT min(next_attempt_ms) FROM webhook_outbox WHERE state = 'pending' AND next_attempt_ms > ?`,
    )
    .pluck();
  const update = db.prepare(
    `UPDATE webhook_outbox SET attempts = attempts + 1, last_status = @status, last_answer = @answer,
     last_attempt_ms = @atMs, state = @state, next_attempt_ms = @nextAttemptMs WHERE seq = @seq`,
  );
  const prune = db.prepare(
    `DELETE FROM webhook_outbox WHERE state <> 'pending' AND seq <= (
       SELECT seq FROM webhook_outbox WHERE state <> 'pending' ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
  );
  const selectList = db.prepare(
    `SELECT seq, kind, record_id AS recordId, primary_reference AS primaryReference, state, attempts,
       last_status AS lastStatus, last_answer AS lastAnswer, last_attempt_ms AS lastAttemptMs,
       next_attempt_ms AS nextAttemptMs, created_ms AS createdMs, faults
     FROM webhook_outbox WHERE org = ? ORDER BY seq DESC LIMIT ?`,
  );
  const earlyChanges = createEarlyChanges(now);
  let planDelivery: (() => DeliveryPlan) | undefined;
  let listener: (() => void) | undefined;
  let wakeQueued = false;
  let finishedSincePrune = 0;

  return {
    earlyChanges,
    startRecording(plan) {
      planDelivery = plan;
    },
    isRecording: () => planDelivery !== undefined,
    record({ kind, organization, doc, previousBody }) {
      if (!planDelivery) return;
      const plan = planDelivery();
      const createdMs = now();
      const { lastInsertRowid } = insert.run({
        org: organization,
        kind,
        recordId: doc.id,
        primaryReference: doc.primaryReference,
        body: JSON.stringify(doc),
        nextAttemptMs: createdMs + plan.firstAttemptInMs,
        createdMs,
        faults: plan.faults.join(','),
      });
      if (plan.faults.includes('early')) {
        earlyChanges.hide(organization, doc.id, previousBody, Number(lastInsertRowid));
      } else {
        earlyChanges.show(organization, doc.id);
      }
      if (listener && !wakeQueued) {
        wakeQueued = true;
        // Store transactions are synchronous: a microtask runs once this one has committed (or rolled back).
        queueMicrotask(() => {
          wakeQueued = false;
          listener?.();
        });
      }
    },
    onRecorded(callback) {
      listener = callback;
    },
    due(nowMs, limit, skip) {
      const rows = selectDue.all(nowMs, limit + skip.size) as (Omit<OutboxEntry, 'faults'> & {
        faults: string;
      })[];
      return rows
        .filter((row) => !skip.has(row.seq))
        .slice(0, limit)
        .map((row) => ({ ...row, faults: readFaults(row.faults) }));
    },
    nextAttemptAfter(nowMs) {
      return (selectNext.get(nowMs) as number | null) ?? undefined;
    },
    recordAttempt(seq, { status, answer, atMs, next }) {
      update.run({
        seq,
        status,
        answer: answer.slice(0, MAX_ANSWER_CHARS),
        atMs,
        state: next.state,
        nextAttemptMs: next.state === 'pending' ? next.attemptAtMs : null,
      });
      if (next.state !== 'pending' && ++finishedSincePrune >= PRUNE_EVERY) {
        finishedSincePrune = 0;
        prune.run(KEPT_FINISHED_DELIVERIES);
      }
    },
    list(organization, limit) {
      return (selectList.all(organization, limit) as DeliveryRow[]).map((row) => ({
        id: String(row.seq),
        kind: row.kind,
        recordId: row.recordId,
        primaryReference: row.primaryReference,
        state: row.state,
        attempts: row.attempts,
        lastStatus: row.lastStatus,
        lastAnswer: row.lastAnswer,
        lastAttemptAt: timeOrNull(row.lastAttemptMs),
        nextAttemptAt: timeOrNull(row.nextAttemptMs),
        createdAt: timestamp(new Date(row.createdMs)),
        faults: readFaults(row.faults),
      }));
    },
  };
}
