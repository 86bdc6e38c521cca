import type { ConsoleConfig } from '@/contract/console-config';

/** "Serial number (SN)" from the packet's label, or the bare key when the packet gives none. */
export function attributeLabel(config: Pick<ConsoleConfig, 'attributeKeys'>, key: string): string {
  const label = config.attributeKeys.find((entry) => entry.key === key)?.label;
  return label && label !== key ? `${label} (${key})` : key;
}

export const flagExplanations = {
  requiredForWarehouseRelease: {
    label: 'Capture at warehouse release',
    description: 'The warehouse scans this value as the item leaves, not on receipt.',
  },
  requiredForRfConfirmation: {
    label: 'Confirm by RF scan',
    description: 'The worker’s handheld must confirm this value; one attribute per product.',
  },
} as const;

export const pickModeExplanations = {
  ASP: {
    label: 'ASP: attribute specified',
    description:
      'The usual choice. An order may name an attribute value, and the warehouse picks the item carrying it.',
  },
  ANE: {
    label: 'ANE: attribute neutral',
    description:
      'For serialized products. The serial number is captured at picking, so orders need not name it. Needs the serial-number attribute with RF confirmation on and release capture off.',
  },
} as const;
