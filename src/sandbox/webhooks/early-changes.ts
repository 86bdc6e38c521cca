/**
 * At most this long a change stays hidden when nothing reveals it (no delivery running, a rolled-back write).
 */
const MAX_HIDDEN_MS = 30_000;

type Hidden = { previousBody: string | null; seq: number; untilMs: number };

/**
 * The `early` webhook fault: a change's delivery goes out while the API still answers the version
 * before it. The sandbox has one database connection, so a change cannot wait uncommitted for its
 * delivery (every read on that connection would see it); instead it commits as usual and the API's
 * reads show the previous version (nothing, for a create) until the delivery's first attempt has been
 * answered. Writes and operator actions work on the real latest version meanwhile, and answer it.
 */
export type EarlyChanges = {
  hide(organization: string, recordId: string, previousBody: () => string | undefined, seq: number): void;
  /** A change that is not early shows at once, and the record with it. */
  show(organization: string, recordId: string): void;
  /** Delivery `seq` had its first attempt: its change shows, unless a later early change hid it again. */
  reveal(organization: string, recordId: string, seq: number): void;
  hidesAny(): boolean;
  /** A list answer (`{ orders: [...] }` or `{ receives: [...] }`) as the API shows it meanwhile. */
  shownThroughApi(organization: string, data: Record<string, unknown>): Record<string, unknown>;
};

export function createEarlyChanges(now: () => number = Date.now): EarlyChanges {
  const hidden = new Map<string, Hidden>();
  const key = (organization: string, recordId: string) => `${organization}\u0000${recordId}`;

  function stillHidden(organization: string, recordId: string): Hidden | undefined {
    const entry = hidden.get(key(organization, recordId));
    if (entry && entry.untilMs <= now()) {
      hidden.delete(key(organization, recordId));
      return undefined;
    }
    return entry;
  }

  return {
    hide(organization, recordId, previousBody, seq) {
      // What the API shows now stays what it shows: the version before the first of several early changes.
      const current = stillHidden(organization, recordId);
      const shown = current ? current.previousBody : (previousBody() ?? null);
      hidden.set(key(organization, recordId), { previousBody: shown, seq, untilMs: now() + MAX_HIDDEN_MS });
    },
    show(organization, recordId) {
      hidden.delete(key(organization, recordId));
    },
    reveal(organization, recordId, seq) {
      if (hidden.get(key(organization, recordId))?.seq === seq) hidden.delete(key(organization, recordId));
    },
    hidesAny: () => hidden.size > 0,
    shownThroughApi(organization, data) {
      for (const member of ['orders', 'receives']) {
        const docs = data[member];
        if (!Array.isArray(docs)) continue;
        const shown = docs.flatMap((doc: { id: string }) => {
          const entry = stillHidden(organization, doc.id);
          if (!entry) return [doc];
          return entry.previousBody === null ? [] : [JSON.parse(entry.previousBody)];
        });
        return { ...data, [member]: shown };
      }
      return data;
    },
  };
}
