import type { ConsoleConfig } from '@/contract/console-config';

/** What `/api/config` tells the browser of a console over the sandbox, for component and model tests. */
export const sandboxConsoleConfig: ConsoleConfig = {
  mode: 'sandbox',
  upstreamHost: null,
  organization: null,
  warehouses: ['LAW'],
  attributeKeys: [
    { key: 'SN', label: 'Serial number' },
    { key: 'LOT', label: 'Lot' },
    { key: 'EXP', label: 'Expiry date' },
  ],
  serialKey: 'SN',
  rateGroups: ['ECONOMY', 'STANDARD'],
  priceCurrency: 'USD',
  claimWindowDays: 90,
  customerNextStep: { step: 'contact', contact: null },
  claimant: { name: 'Northwind Goods Ltd', contact: 'claims@northwind.example, +1 303 555 0100' },
};
