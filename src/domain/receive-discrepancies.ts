import { formatNumber } from './format';
import type { LineCompleteness } from './receive-completeness';

/** A line by its number and product: the same product may be on several lines. */
export function lineTitle(
  line: Pick<LineCompleteness, 'lineNumber' | 'externalLineReference' | 'productCode'>,
) {
  const number = line.lineNumber ?? line.externalLineReference;
  return number === undefined ? line.productCode : `Line ${number}, ${line.productCode}`;
}

/**
 * A line by its number, else its external line reference ('' for goods on no line): how a claim packet
 * names it, and what a unit cost entered on it is kept by.
 */
export const lineName = (line: { lineNumber?: string | number; externalLineReference?: string }) =>
  String(line.lineNumber ?? line.externalLineReference ?? '');

/** What is missing of a short line, to chase with the supplier: "12 of 48 did not arrive". */
export const missingWords = (line: LineCompleteness) =>
  `${formatNumber(-line.difference)} of ${formatNumber(line.announced)} did not arrive`;

/** What came beyond an over line, to reconcile: "3 more than the 10 announced". */
export const extraWords = (line: LineCompleteness) =>
  `${formatNumber(line.difference)} more than ${
    line.unannounced ? 'announced (not on any line)' : `the ${formatNumber(line.announced)} announced`
  }`;
