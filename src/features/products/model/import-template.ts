import { csvLine } from '@/domain/csv-line';
import type { AttributePacket } from './product-csv-mapping';

/**
 * A product CSV to start from: the headers people write (units in brackets) with every attribute the
 * operator's packet names by its label, and two rows that pass the checks, one serialized with its serial
 * number confirmed by scanner (rf). Its headers are the ones the import reads back by itself.
 */
export function productImportTemplate({ attributeKeys, serialKey }: AttributePacket): string {
  const attributes = attributeKeys.map(({ key, label }) => ({ key, header: label || key }));
  const headers = [
    'SKU',
    'Product name',
    'Price (USD)',
    'Weight (lb)',
    'Height (in)',
    'Width (in)',
    'Depth (in)',
    ...attributes.map(({ header }) => header),
  ];
  const tee = ['TEE-EXAMPLE-M', 'Example tee, black, size M', '24.00', '0.4', '1', '10', '12'];
  const headphones = ['HDP-EXAMPLE', 'Example headphones', '279.00', '0.6', '3', '7', '8'];
  return [
    csvLine(headers),
    csvLine([...tee, ...attributes.map(() => '')]),
    csvLine([...headphones, ...attributes.map(({ key }) => (key === serialKey ? 'yes, rf' : ''))]),
  ].join('\r\n');
}
