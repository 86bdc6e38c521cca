/** Benchmark support: a console's live event stream (`GET /api/events`), each change with when it was heard. */
import { type LiveChange, liveChangeSchema } from '#contract/live-change';

export type HeardChange = LiveChange & { heardAt: number };

/** Opens the stream at `url` (after `lastEventId` when given) and collects its changes as they come. */
export async function listenTo(url: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the live stream answered ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const heard: HeardChange[] = [];
  let text = '';
  let ended = false;
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const heardAt = performance.now();
        text += decoder.decode(value, { stream: true });
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (!block.split('\n').includes('event: change')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) heard.push({ ...liveChangeSchema.parse(JSON.parse(data.slice(6))), heardAt });
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
    }
  })();
  return {
    /** The changes heard once one with seq `lastSeq` or later has come, or when `withinMs` has passed. */
    async until(lastSeq: number, withinMs: number): Promise<HeardChange[]> {
      const deadline = performance.now() + withinMs;
      while (!ended && (heard.at(-1)?.seq ?? 0) < lastSeq && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return heard;
    },
    close() {
      controller.abort();
      return reading;
    },
  };
}
