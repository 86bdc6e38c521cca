import type { ProductAttribute } from './product';

/** What the operator's credentials packet fixes: the attribute keys and which one is the serial number. */
export type AttributePacket = { attributeKeys: readonly string[]; serialKey: string };

/** The packet's attribute keys and serial key as the console's settings hold them, as the rules take them. */
export function attributePacket(config: {
  attributeKeys: readonly { key: string }[];
  serialKey: string;
}): AttributePacket {
  return { attributeKeys: config.attributeKeys.map((entry) => entry.key), serialKey: config.serialKey };
}

export type RuleProblem = { path: (string | number)[]; message: string };

type AttributeRuleInput = {
  pickMode?: string;
  productAttributes?: readonly Partial<ProductAttribute>[];
};

/**
 * The product rules of the interface that a schema cannot express alone. Shared by the sandbox (which
 * answers 400 with one error per problem) and the product form (which shows each on its field).
 */
export function productAttributeProblems(
  product: AttributeRuleInput,
  packet: AttributePacket,
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const attributes = product.productAttributes ?? [];
  const seenKeys = new Set<string>();
  let rfIndex = -1;

  attributes.forEach((attribute, index) => {
    const at = (member: string) => ['productAttributes', index, member];
    const key = attribute.key ?? '';
    if (key && !packet.attributeKeys.includes(key)) {
      problems.push({
        path: at('key'),
        message: `Unknown attribute key ${key}. The operator configured: ${packet.attributeKeys.join(', ')}`,
      });
    }
    if (key && seenKeys.has(key)) {
      problems.push({ path: at('key'), message: `Attribute ${key} is listed twice` });
    }
    seenKeys.add(key);
    if (attribute.requiredForRfConfirmation && attribute.requiredForWarehouseRelease) {
      problems.push({
        path: at('requiredForRfConfirmation'),
        message: 'An attribute confirmed by RF scan cannot also be captured at warehouse release',
      });
    }
    if (attribute.requiredForRfConfirmation) {
      if (rfIndex >= 0) {
        problems.push({
          path: at('requiredForRfConfirmation'),
          message: 'Only one attribute per product may require RF confirmation',
        });
      } else {
        rfIndex = index;
      }
    }
  });

  if (product.pickMode === 'ANE') {
    const serialIndex = attributes.findIndex((attribute) => attribute.key === packet.serialKey);
    const serial = attributes[serialIndex];
    const releaseOn = serial?.requiredForWarehouseRelease === true;
    const rfOff = serial !== undefined && serial.requiredForRfConfirmation !== true;
    if (serial === undefined || releaseOn || rfOff) {
      problems.push({
        path: ['pickMode'],
        message: `Pick mode ANE needs the serial number attribute (${packet.serialKey}) with release capture off and RF confirmation on`,
      });
    }
    // The serial attribute is there: its box to change gets the error too, not only the pick mode.
    if (releaseOn) {
      problems.push({
        path: ['productAttributes', serialIndex, 'requiredForWarehouseRelease'],
        message: `Pick mode ANE needs release capture off for the serial number (${packet.serialKey})`,
      });
    }
    if (rfOff) {
      problems.push({
        path: ['productAttributes', serialIndex, 'requiredForRfConfirmation'],
        message: `Pick mode ANE needs RF confirmation on for the serial number (${packet.serialKey})`,
      });
    }
  }
  return problems;
}

/**
 * The ANE rule (the serial number confirmed by RF, not captured at release) is the summary's; the operator's
 * own example sets the flags the other way. The sandbox keeps the rule, so the form refuses there; against the
 * real operator it only warns, and the operator's answer decides.
 */
export type AneRule = 'refuse' | 'warn';

export function aneRuleFor(mode: 'sandbox' | 'upstream'): AneRule {
  return mode === 'upstream' ? 'warn' : 'refuse';
}

const sameProblem = (a: RuleProblem, b: RuleProblem) =>
  a.message === b.message && a.path.join('.') === b.path.join('.');

/** The problems only pick mode ANE brings: those that go away with any other pick mode. */
export function aneProblems(product: AttributeRuleInput, packet: AttributePacket): RuleProblem[] {
  if (product.pickMode !== 'ANE') return [];
  const otherwise = productAttributeProblems({ ...product, pickMode: undefined }, packet);
  return productAttributeProblems(product, packet).filter(
    (problem) => !otherwise.some((other) => sameProblem(problem, other)),
  );
}

/** The attribute problems refused under the given ANE rule: by the product form and by the import's dry run. */
export function refusedAttributeProblems(
  product: AttributeRuleInput,
  packet: AttributePacket,
  aneRule: AneRule,
) {
  const problems = productAttributeProblems(product, packet);
  if (aneRule === 'refuse') return problems;
  const warned = aneProblems(product, packet);
  return problems.filter((problem) => !warned.some((other) => sameProblem(problem, other)));
}
