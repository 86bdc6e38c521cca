import type { Claimant } from '../../../contract/console-config';
import type { UnitCost } from '../../../contract/unit-costs';
import { type Receive, receiveSchema } from '../../../contract/receive';
import { workerTask } from '../../heavy-work/worker-pool';
import { type ClaimProduct, claimPacketOf } from './claim-packet';
import { claimPacketCsv } from './claim-packet-csv';
import { claimPacketPdf } from './claim-packet-pdf';

/** The receive of a document as the index keeps it (JSON), or null when the interface describes none. */
function receiveOf(documentText: string): Receive | null {
  const parsed = receiveSchema.safeParse(JSON.parse(documentText));
  return parsed.success ? parsed.data : null;
}

/**
 * The product codes a receive's packet names (its lines', and goods on no line), made in a worker thread:
 * the request thread then reads those products alone, never the document.
 */
export function claimPacketCodes(documentText: string): string[] | null {
  const receive = receiveOf(documentText);
  if (!receive) return null;
  const codes = [
    ...receive.receiveLines.map((line) => line.productCode),
    ...receive.shipments.flatMap((shipment) => shipment.receiveLines.map((line) => line.productCode)),
  ];
  return [...new Set(codes)];
}

export type ClaimPacketInput = {
  /** The receive's document as the index keeps it (JSON). */
  documentText: string;
  format: 'pdf' | 'csv';
  finishedMs: number | null;
  windowDays: number;
  nowMs: number;
  attributeLabels: Record<string, string>;
  /** The packet's products by code, as the index holds them (productFactsOf). */
  products: Record<string, ClaimProduct>;
  /** The currency of a price whose product names none (WAREHOUSE_PRICE_CURRENCY). */
  priceCurrency: string;
  claimant: Claimant;
  /** The unit costs entered on the receive's lines (store.unitCosts). */
  unitCosts: UnitCost[];
  /** The reader's time zone, which the PDF's times are in. */
  timeZone: string;
};

/**
 * The claim packet of a receive or return as a file, made in a worker thread: reading and checking the
 * document and laying out the PDF take time in proportion to its lines and serial numbers. Null when the
 * document is not one the interface describes.
 */
export async function claimPacketFile(
  input: ClaimPacketInput,
): Promise<{ reference: string; body: Uint8Array<ArrayBuffer> | string } | null> {
  const receive = receiveOf(input.documentText);
  if (!receive) return null;
  const packet = claimPacketOf(receive, input);
  const body =
    input.format === 'pdf'
      ? await claimPacketPdf(packet, new Date(input.nowMs), input.timeZone)
      : claimPacketCsv(packet);
  return { reference: packet.reference, body };
}

export const claimPacketCodesTask = workerTask<typeof claimPacketCodes>(import.meta.url, 'claimPacketCodes');
export const claimPacketFileTask = workerTask<typeof claimPacketFile>(import.meta.url, 'claimPacketFile');
