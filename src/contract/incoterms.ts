/** forwardingData.incoTerm values with their meanings, as the interface lists them. */
export const incoterms = [
  { code: 'PPD', meaning: 'Prepaid' },
  { code: 'CLT', meaning: 'Collect' },
  { code: 'C3P', meaning: 'Collect, third party' },
  { code: 'FCD', meaning: 'Collect COD' },
  { code: 'CFR', meaning: 'Cost and freight' },
  { code: 'CIF', meaning: 'Cost, insurance and freight' },
  { code: 'CIP', meaning: 'Carriage and insurance paid to' },
  { code: 'CPT', meaning: 'Carriage paid to' },
  { code: 'DAP', meaning: 'Delivered at place' },
  { code: 'DAT', meaning: 'Delivered at terminal' },
  { code: 'DDP', meaning: 'Delivered duty paid' },
  { code: 'DPU', meaning: 'Delivered at place unloaded' },
  { code: 'EXW', meaning: 'Ex works' },
  { code: 'FAS', meaning: 'Free alongside ship' },
  { code: 'FC1', meaning: 'Free carrier, seller responsible for origin and loading' },
  { code: 'FC2', meaning: 'Free carrier, buyer responsible for origin and loading' },
  { code: 'FCA', meaning: 'Free carrier, seller for origin and buyer for loading' },
  { code: 'FOB', meaning: 'Free on board' },
] as const;

export type IncotermCode = (typeof incoterms)[number]['code'];
export const incotermCodes = incoterms.map((term) => term.code) as [IncotermCode, ...IncotermCode[]];

export function incotermMeaning(code: string): string | undefined {
  return incoterms.find((term) => term.code === code)?.meaning;
}
