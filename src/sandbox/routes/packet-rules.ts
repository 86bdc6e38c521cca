import type { SandboxConfig } from '../config';
import { asArray, asRecord, asText } from '../documents';
import type { SandboxStore } from '../store';

export type Pointed = { pointer: string; detail: string };

/** The rules that need the credentials packet or the stored products, read from the body as sent. */
export function packetProblems(
  raw: Record<string, unknown>,
  linesMember: 'orderLines' | 'receiveLines',
  deps: { config: SandboxConfig; store: SandboxStore; organization: string },
): Pointed[] {
  const { config, store, organization } = deps;
  const problems: Pointed[] = [];
  const warehouse = asText(raw.warehouseCode);
  if (warehouse !== undefined && !config.warehouses.includes(warehouse)) {
    problems.push({
      pointer: '/warehouseCode',
      detail: `Unknown warehouse ${warehouse}. Warehouses: ${config.warehouses.join(', ')}`,
    });
  }
  const known = new Map<string, boolean>();
  asArray(raw[linesMember]).forEach((item, lineIndex) => {
    const line = asRecord(item);
    const code = asText(line.productCode);
    if (code !== undefined) {
      if (!known.has(code)) known.set(code, store.products.hasReference(organization, code));
      if (!known.get(code)) {
        problems.push({
          pointer: `/${linesMember}/${lineIndex}/productCode`,
          detail: `Unknown product ${code}: create it before using it on a line`,
        });
      }
    }
    asArray(line.partAttributes).forEach((attribute, attributeIndex) => {
      const key = asText(asRecord(attribute).key);
      if (key !== undefined && !config.attributeKeys.includes(key)) {
        problems.push({
          pointer: `/${linesMember}/${lineIndex}/partAttributes/${attributeIndex}/key`,
          detail: `Unknown attribute key ${key}. The operator configured: ${config.attributeKeys.join(', ')}`,
        });
      }
    });
  });
  return problems;
}
