import { describe, expect, it } from 'vitest';
import { receiveSchema } from '@/contract/receive';
import { shippedShortOrder } from '@/testing/order-fixtures';
import { buildReturn } from '@/testing/receive-fixtures';
import { customerReturnText } from './customer-return-status';

const announced = { 'TENT-2P': 1, 'LAMP-01': 1 };
const returnWith = (status: string, received: Record<string, number>) =>
  receiveSchema.parse({
    ...buildReturn({ reference: 'RMA-7', originalOrder: 'SO-1001', status, announced, received }),
    dateLastUpdated: '2026-11-24T15:00:00Z',
  });

describe('customerReturnText', () => {
  it('says how many of the items expected back arrived, and which did not, once the return is closed', () => {
    const text = customerReturnText(returnWith('FIN', { 'TENT-2P': 1 }), shippedShortOrder);
    expect(text).toMatch(
      /^Hello Dana,\n\nAbout your return RMA-7 for order PO-77:\nWe received 1 of 2 items on .+: 1 × TENT-2P\. 1 × LAMP-01 did not arrive\.$/,
    );
  });

  it('says what is still expected while the return is open, and everything once it all arrived', () => {
    expect(customerReturnText(returnWith('PRS', {}), null)).toBe(
      'Hello,\n\nAbout your return RMA-7:\nWe are expecting 2 items back: 1 × TENT-2P; 1 × LAMP-01. We will write when they arrive.',
    );
    expect(customerReturnText(returnWith('PRS', { 'LAMP-01': 1 }), null)).toMatch(
      /We received 1 of 2 items on .+: 1 × LAMP-01\. We will write when the rest arrives\.$/,
    );
    expect(customerReturnText(returnWith('FIN', announced), null)).toMatch(
      /We received all 2 items on .+: 1 × TENT-2P; 1 × LAMP-01\.$/,
    );
  });

  it('names the products as the console knows them', () => {
    const names: Record<string, string> = { 'TENT-2P': 'Two-person tent, green', 'LAMP-01': 'Camp lamp' };
    expect(customerReturnText(returnWith('PRS', {}), null, (code) => names[code] ?? code)).toContain(
      'We are expecting 2 items back: 1 × Two-person tent, green; 1 × Camp lamp.',
    );
  });

  it('says a canceled return was canceled, without warehouse codes', () => {
    const text = customerReturnText(returnWith('CAN', {}), shippedShortOrder);
    expect(text).toMatch(/This return was canceled on .+\.$/);
    expect(text).not.toMatch(/\bCAN\b|\bRET\b/);
  });
});
