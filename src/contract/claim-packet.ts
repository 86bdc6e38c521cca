import { type ConsoleRoute, csv, timeZoneParameter } from './console-route';
import { recordReference } from './index-records';

/**
 * What a supplier is sent of a receive or return finalized short or over (or of any receive once something
 * of it arrived, on demand): the claimant (CLAIMANT_NAME, CLAIMANT_CONTACT) and the supplier, each line's
 * product by name, announced against received in units and in money (the product's price), each delivery
 * by its docket and transport reference with its milestones, lots and serial numbers, and the days left in
 * the claim window (CLAIM_WINDOW_DAYS). 409 `conflict` while nothing of it arrived and it is not finalized.
 */
export const claimPacketPdfRoute = {
  method: 'GET',
  path: '/index/receives/:reference/claim.pdf',
  summary: 'The claim packet of a receive or return, as PDF',
  access: 'exports.download',
  params: { reference: recordReference },
  query: { timeZone: timeZoneParameter },
  answer: { mediaType: 'application/pdf', description: 'The claim packet, named claim-<reference>.pdf' },
} as const satisfies ConsoleRoute;

export const claimPacketCsvRoute = {
  method: 'GET',
  path: '/index/receives/:reference/claim.csv',
  summary: 'The claim packet of a receive or return, as CSV',
  access: 'exports.download',
  params: { reference: recordReference },
  query: { timeZone: timeZoneParameter },
  answer: csv(
    'One table, a row a line: product code and name, announced, received, difference, unit price, value, lots',
  ),
} as const satisfies ConsoleRoute;
