import type { AddressBlockInput } from '../../contract/address';
import type { ProductCreate } from '../../contract/product';
import type { SandboxConfig } from '../config';

/** The parts of the credentials packet the demo data must respect. */
export type DemoPacket = Pick<SandboxConfig, 'warehouses' | 'rateGroups' | 'attributeKeys' | 'serialKey'>;

/**
 * The demo warehouse's fixed catalog: products and the people and places orders ship to. Kept as data
 * so the seed is the same on every machine; which of them an order uses is chosen by a seeded random.
 */

type ProductKind = 'plain' | 'serialized' | 'lot';
export type DemoProduct = ProductCreate & { kind: ProductKind };

const apparelSizes = ['S', 'M', 'L', 'XL'] as const;

function apparel(code: string, name: string, price: string, weightOz: number, season: string): DemoProduct[] {
  return apparelSizes.map((size) => ({
    kind: 'plain',
    productCode: `${code}-${size}`,
    productDescription: `${name}, size ${size}`,
    productUnit: 'UNT',
    unitPrice: price,
    unitPriceCurrency: 'USD',
    dimHeight: 1,
    dimWidth: 10,
    dimDepth: 12,
    dimUnit: 'IN',
    weightPerProduct: weightOz,
    weightPerProductUnit: 'OZ',
    clientProductCode: `${code.replaceAll('-', '')}${size}`,
    customFields: [
      { key: 'season', value: season },
      { key: 'hsCode', value: '6109.10' },
    ],
  }));
}

function serialized(code: string, name: string, price: string, weightLb: number, brand: string): DemoProduct {
  return {
    kind: 'serialized',
    productCode: code,
    productDescription: name,
    productUnit: 'UNT',
    unitPrice: price,
    unitPriceCurrency: 'USD',
    dimHeight: 4,
    dimWidth: 6,
    dimDepth: 8,
    dimUnit: 'IN',
    weightPerProduct: weightLb,
    weightPerProductUnit: 'LB',
    pickMode: 'ANE',
    productAttributes: [{ key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true }],
    customFields: [
      { key: 'brand', value: brand },
      { key: 'warrantyMonths', value: '24' },
    ],
  };
}

function lotTracked(code: string, name: string, price: string, weightOz: number): DemoProduct {
  return {
    kind: 'lot',
    productCode: code,
    productDescription: name,
    productUnit: 'UNT',
    unitPrice: price,
    unitPriceCurrency: 'USD',
    dimHeight: 5,
    dimWidth: 3,
    dimDepth: 3,
    dimUnit: 'IN',
    weightPerProduct: weightOz,
    weightPerProductUnit: 'OZ',
    productAttributes: [
      { key: 'LOT', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
      { key: 'EXP', requiredForWarehouseRelease: false, requiredForRfConfirmation: false },
    ],
  };
}

function plain(code: string, name: string, price: string, weightLb: number): DemoProduct {
  return {
    kind: 'plain',
    productCode: code,
    productDescription: name,
    productUnit: 'UNT',
    unitPrice: price,
    unitPriceCurrency: 'USD',
    weightPerProduct: weightLb,
    weightPerProductUnit: 'LB',
  };
}

/**
 * 40 products: 16 apparel variants with custom fields, 8 serialized (ANE), 8 lot-tracked with expiry, 8
 * plain.
 */
export const demoProducts: DemoProduct[] = [
  ...apparel('TEE-ORG-BLK', 'Organic cotton tee, black', '24.00', 6, 'SS26'),
  ...apparel('TEE-ORG-WHT', 'Organic cotton tee, white', '24.00', 6, 'SS26'),
  ...apparel('HOOD-FLC-NVY', 'Fleece hoodie, navy', '68.00', 22, 'FW26'),
  ...apparel('SOCK-MRN-GRY', 'Merino hiking socks, gray', '18.50', 3, 'FW26'),
  serialized('CAM-MIRR-A7', 'Mirrorless camera body A7', '1899.00', 1.6, 'Lumen'),
  serialized('CAM-ACT-X3', 'Action camera X3', '349.00', 0.4, 'Lumen'),
  serialized('HDP-NC-700', 'Noise-cancelling headphones 700', '279.00', 0.6, 'Sonora'),
  serialized('EAR-BUD-PRO', 'Wireless earbuds Pro', '179.00', 0.2, 'Sonora'),
  serialized('TAB-10-64', 'Tablet 10 inch, 64 GB', '329.00', 1.1, 'Slate'),
  serialized('TAB-12-256', 'Tablet 12 inch, 256 GB', '749.00', 1.5, 'Slate'),
  serialized('DRN-MINI-4', 'Mini drone 4K', '459.00', 0.55, 'Aerial'),
  serialized('WCH-GPS-45', 'GPS sport watch 45 mm', '299.00', 0.15, 'Stride'),
  lotTracked('VIT-D3-120', 'Vitamin D3 softgels, 120 count', '14.99', 4),
  lotTracked('VIT-OMG-90', 'Omega-3 fish oil, 90 count', '22.50', 7),
  lotTracked('PRO-WHY-2LB', 'Whey protein, vanilla, 2 lb', '39.00', 34),
  lotTracked('COF-ETH-12', 'Ethiopian whole-bean coffee, 12 oz', '16.00', 12),
  lotTracked('TEA-MAT-100', 'Ceremonial matcha, 100 g', '29.00', 4),
  lotTracked('SKN-SPF-50', 'Mineral sunscreen SPF 50', '19.00', 3),
  lotTracked('SKN-SER-VC', 'Vitamin C serum, 30 ml', '34.00', 2),
  lotTracked('BAR-ALM-12', 'Almond protein bars, box of 12', '27.00', 26),
  plain('MUG-CER-12', 'Ceramic mug 12 oz, speckled', '16.00', 0.9),
  plain('BTL-STL-750', 'Insulated steel bottle 750 ml', '32.00', 0.8),
  plain('BAG-TOT-CNV', 'Canvas tote bag', '21.00', 0.5),
  plain('CBL-USBC-2M', 'USB-C cable 2 m', '12.00', 0.1),
  plain('CHG-65W-GAN', '65 W GaN charger', '45.00', 0.3),
  plain('LMP-DSK-LED', 'LED desk lamp', '58.00', 2.4),
  plain('YGA-MAT-6MM', 'Yoga mat 6 mm', '49.00', 3.1),
  plain('PLN-A5-DOT', 'A5 dotted notebook', '15.00', 0.6),
];

/**
 * The catalog under the packet's attribute keys: SN stands for the serial-number key, LOT and EXP for
 * the first two other keys. An attribute whose key the packet lacks is left out (and a product that
 * loses its serial number is picked ASP).
 */
export function demoProductsFor(packet: DemoPacket): DemoProduct[] {
  const batchKeys = packet.attributeKeys.filter((key) => key !== packet.serialKey);
  const keyFor: Record<string, string | undefined> = {
    SN: packet.attributeKeys.includes(packet.serialKey) ? packet.serialKey : undefined,
    LOT: batchKeys[0],
    EXP: batchKeys[1],
  };
  return demoProducts.map((product) => {
    if (!product.productAttributes) return product;
    const productAttributes = product.productAttributes.flatMap((attribute) => {
      const key = keyFor[attribute.key];
      return key ? [{ ...attribute, key }] : [];
    });
    const serialKept = productAttributes.some((attribute) => attribute.key === packet.serialKey);
    return {
      ...product,
      productAttributes,
      ...(product.pickMode === 'ANE' && !serialKept ? { pickMode: 'ASP' as const } : {}),
    };
  });
}

export type DemoPlace = AddressBlockInput & { international?: boolean };

export const domesticCustomers: DemoPlace[] = [
  place('Maya Chen', '418 Alder St', 'Portland', 'OR', '97205', 'US', '+1 503 555 0142'),
  place('Jordan Ellis', '77 Grove Ave, Apt 3B', 'Brooklyn', 'NY', '11215', 'US', '+1 718 555 0199'),
  place('Priya Raman', '2150 Market St', 'San Francisco', 'CA', '94114', 'US', '+1 415 555 0123'),
  place('Luis Ortega', '905 Congress Ave', 'Austin', 'TX', '78701', 'US', '+1 512 555 0187'),
  place('Hannah Novak', '31 Beacon St', 'Boston', 'MA', '02108', 'US', '+1 617 555 0111'),
  place('Samuel Okafor', '1200 Peachtree St NE', 'Atlanta', 'GA', '30309', 'US', '+1 404 555 0175'),
  place('Emily Foster', '640 N Michigan Ave', 'Chicago', 'IL', '60611', 'US', '+1 312 555 0163'),
  place('Noah Patel', '88 Pike St', 'Seattle', 'WA', '98101', 'USA', '+1 206 555 0138'),
  place('Grace Kim', '4500 E Camelback Rd', 'Phoenix', 'AZ', '85018', 'US', '+1 602 555 0104'),
  place('Owen Murphy', '16 Larimer Sq', 'Denver', 'CO', '80202', 'US', '+1 303 555 0156'),
  place('Ava Thompson', '250 Brickell Ave', 'Miami', 'FL', '33131', 'USA', '+1 305 555 0190'),
  place('Ethan Brooks', '701 Nicollet Mall', 'Minneapolis', 'MN', '55402', 'US', '+1 612 555 0128'),
];

export const businessCustomers: DemoPlace[] = [
  place(
    'Receiving dock',
    '1400 Commerce Blvd',
    'Columbus',
    'OH',
    '43219',
    'US',
    '+1 614 555 0100',
    'Northwind Outfitters',
  ),
  place(
    'Store 112',
    '3320 Galleria Pkwy',
    'Houston',
    'TX',
    '77056',
    'US',
    '+1 713 555 0112',
    'Trailhead Supply Co.',
  ),
  place(
    'Inbound team',
    '55 Harbor Way',
    'Oakland',
    'CA',
    '94607',
    'US',
    '+1 510 555 0177',
    'Bayside Wellness Market',
  ),
];

export const internationalCustomers: DemoPlace[] = [
  place('Chloé Martin', '12 Rue de Rivoli', 'Paris', '', '75004', 'FR', '+33 1 55 55 01 23'),
  place('Lukas Weber', 'Torstraße 140', 'Berlin', '', '10119', 'DE', '+49 30 5555 0140'),
  place('Oliver Hughes', '221 Upper Street', 'London', '', 'N1 1RL', 'GB', '+44 20 5555 0221'),
  place('Aiko Tanaka', '3-7-1 Nishi-Shinjuku', 'Tokyo', '', '163-1030', 'JP', '+81 3 5555 0371'),
  place('Liam Wilson', '45 George St', 'Sydney', 'NSW', '2000', 'AU', '+61 2 5555 0045'),
  place('Sofia Hernández', 'Av. Reforma 222', 'Ciudad de México', 'CDMX', '06600', 'MX', '+52 55 5555 0222'),
  place('Emma Tremblay', '1000 Rue Sherbrooke O', 'Montréal', 'QC', 'H3A 3G4', 'CA', '+1 514 555 0100'),
].map((customer) => ({ ...customer, international: true }));

export const suppliers: DemoPlace[] = [
  place(
    'Dispatch',
    'No. 88 Industrial Rd',
    'Shenzhen',
    'GD',
    '518000',
    'CN',
    '+86 755 5555 0188',
    'Lumen Optics Ltd.',
  ),
  place('Shipping office', '14 Mill Lane', 'Porto', '', '4000-322', 'PT', '+351 22 555 0014', 'Fio Têxteis'),
  place(
    'Warehouse 2',
    '2700 Airport Rd',
    'Reno',
    'NV',
    '89502',
    'US',
    '+1 775 555 0127',
    'Sonora Audio Inc.',
  ),
  place(
    'Logistics',
    '900 Nutrition Way',
    'Salt Lake City',
    'UT',
    '84104',
    'US',
    '+1 801 555 0190',
    'Peak Naturals',
  ),
  place(
    'Export desk',
    'Bole Road 12',
    'Addis Ababa',
    '',
    '1000',
    'ET',
    '+251 11 555 0012',
    'Sidama Coffee Union',
  ),
];

function place(
  personName: string,
  addressLine1: string,
  city: string,
  state: string,
  postalCode: string,
  country: string,
  phoneNumber: string,
  organization?: string,
): DemoPlace {
  const email = `${personName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .trim()
    .replaceAll(' ', '.')}@example.com`;
  return {
    address: { ...(organization ? { organization } : {}), addressLine1, city, state, postalCode, country },
    contact: { personName, phoneNumber, emailAddress: email },
  };
}

/** Carrier and service of orders that name one (those not rate-shopped). */
export const domesticTransport = [
  { carrierCode: 'UPS', serviceLevelCode: 'GND' },
  { carrierCode: 'UPS', serviceLevelCode: '2DA' },
  { carrierCode: 'FEDEX', serviceLevelCode: 'GROUND' },
  { carrierCode: 'USPS', serviceLevelCode: 'PRIORITY' },
];
export const internationalTransport = [
  { carrierCode: 'DHL', serviceLevelCode: 'EXPRESS_WORLDWIDE' },
  { carrierCode: 'FEDEX', serviceLevelCode: 'INTL_PRIORITY' },
  { carrierCode: 'UPS', serviceLevelCode: 'WORLDWIDE_SAVER' },
];
export const internationalIncoterms = ['DDP', 'DAP', 'DPU', 'CPT', 'EXW', 'FCA'] as const;
