import { receiveSchema } from '../../../contract/receive';
import { workerTask } from '../../heavy-work/worker-pool';
import { claimPacketOf } from './claim-packet';
import { claimPacketCsv } from './claim-packet-csv';
import { claimPacketPdf } from './claim-packet-pdf';

export type ClaimPacketInput = {
  /** The receive's document as the index keeps it (JSON). */
  documentText: string;
  format: 'pdf' | 'csv';
  finishedMs: number | null;
  windowDays: number;
  nowMs: number;
  attributeLabels: Record<string, string>;
};

/**
 * The claim packet of a receive or return as a file, made in a worker thread: reading and checking the
 * document and laying out the PDF take time in proportion to its lines and serial numbers. Null when the
 * document is not one the interface describes.
 */
export async function claimPacketFile(
  input: ClaimPacketInput,
): Promise<{ reference: string; body: Uint8Array<ArrayBuffer> | string } | null> {
  const parsed = receiveSchema.safeParse(JSON.parse(input.documentText));
  if (!parsed.success) return null;
  const packet = claimPacketOf(parsed.data, input);
  const body =
    input.format === 'pdf' ? await claimPacketPdf(packet, new Date(input.nowMs)) : claimPacketCsv(packet);
  return { reference: packet.reference, body };
}

export const claimPacketFileTask = workerTask<typeof claimPacketFile>(import.meta.url, 'claimPacketFile');
