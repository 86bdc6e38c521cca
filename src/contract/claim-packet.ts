import { type ConsoleRoute, csv } from './console-route';
import { recordReference } from './index-records';

/**
 * What a supplier is shown of a receive or return finalized short or over (or of any receive, on demand):
 * announced against received per line and shipment, lots and serial numbers, milestones, dockets and
 * transport references, the supplier, and the days left in the claim window (CLAIM_WINDOW_DAYS).
 */
export const claimPacketPdfRoute = {
  method: 'GET',
  path: '/index/receives/:reference/claim.pdf',
  summary: 'The claim packet of a receive or return, as PDF',
  access: 'exports.download',
  params: { reference: recordReference },
  answer: { mediaType: 'application/pdf', description: 'The claim packet, named claim-<reference>.pdf' },
} as const satisfies ConsoleRoute;

export const claimPacketCsvRoute = {
  method: 'GET',
  path: '/index/receives/:reference/claim.csv',
  summary: 'The claim packet of a receive or return, as CSV',
  access: 'exports.download',
  params: { reference: recordReference },
  answer: csv(
    'One row a fact of the packet, by section: receive, line, shipment line, lot or serial, milestone',
  ),
} as const satisfies ConsoleRoute;
