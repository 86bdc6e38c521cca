import { localPerson } from '../access/access';
import { describeChange, permissionsForChange } from '../access/change-permissions';
import { refusalFor } from '../api/route-access';
import { indexAnswer } from '../record-index/intake/write-through';
import type { RecordStore } from '../record-index/store/record-store-port';
import type { Person } from '../server-env';
import type { AuditLog } from '../store/audit-log';
import { forwardRequest, type ProxyResult, type Upstream } from '../upstream/proxy';

/** A change to the warehouse as a person asks it: the upstream path's parts and the body as sent. */
export type WarehouseChange = {
  method: string;
  /** `/warehouse/v1` or `/sandbox/v1`. */
  upstreamPrefix: string;
  segments: string[];
  search: string;
  headers: Headers;
  body: ArrayBuffer;
};

type Sent = ProxyResult & { answer?: unknown };

/**
 * How every change reaches the warehouse, whoever asks (the forward routes, the product import): checked
 * against the person's role, sent with the key, its answer written through to the index, and recorded in
 * the audit log whatever came of it. `checkFirst` may refuse a permitted change before it is sent;
 * `around` runs the sending (a lock, for instance).
 */
export function changeForwarder({
  upstream,
  records,
  auditLog,
}: {
  upstream: Upstream;
  records: RecordStore;
  auditLog: AuditLog;
}) {
  return async (
    person: Person,
    change: WarehouseChange,
    {
      checkFirst,
      around = (send) => send(),
    }: {
      checkFirst?: () => Promise<ProxyResult | null>;
      around?: (send: () => Promise<Sent>) => Promise<Sent>;
    } = {},
  ): Promise<ProxyResult> => {
    const { method, upstreamPrefix, segments, body } = change;
    const refusal = refusalFor(person, ...permissionsForChange(upstreamPrefix, segments, body));
    const send = async (): Promise<Sent> => {
      const refused = await checkFirst?.();
      const { response, logNote } =
        refused ??
        (await forwardRequest(upstream, {
          method,
          path: `${upstreamPrefix}/${segments.map(encodeURIComponent).join('/')}`,
          search: change.search,
          headers: change.headers,
          body,
          readsSettings: person.permissions.includes('settings.read'),
        }));
      const answer = response.ok
        ? await response
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
      // Who made a change, for the record's activity: on an open console nobody signed in.
      if (answer !== undefined)
        await indexAnswer(records, segments, 'console', answer, {
          person: person === localPerson ? null : person.name,
        });
      return { response, logNote, answer };
    };
    const { response, logNote, answer } = refusal
      ? { response: refusal, logNote: `forbidden for ${person.role}`, answer: undefined }
      : await around(send);
    const { action, target } = describeChange(method, upstreamPrefix, segments, { request: body, answer });
    await auditLog.record({
      person: person.name,
      role: person.role,
      action,
      target,
      status: response.status,
    });
    return { response, logNote };
  };
}
