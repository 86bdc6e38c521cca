import { describe, expect, it } from 'vitest';
import { orderShipmentStatuses } from '../../contract/order';
import {
  orderShipmentActions,
  orderShipmentActionsFrom,
  receiveShipmentActionsFrom,
} from '../../contract/sandbox-actions';
import { IllegalMoveError } from './action-errors';
import {
  derivedStatus,
  nextOrderShipmentStatus,
  nextReceiveShipmentStatus,
  statusBeforeHold,
  withMilestone,
} from './life-cycle';

const at = new Date('2026-11-21T10:00:00Z');

describe('order shipment transitions', () => {
  const allowed: Record<string, Record<string, string>> = {
    ENT: { pick: 'PIC', hold: 'HEL', cancel: 'CAN' },
    PIC: { hold: 'HEL', cancel: 'CAN', ship: 'FIN' },
    HEL: { release: 'ENT', cancel: 'CAN' },
    FIN: {},
    CAN: {},
  };

  for (const from of orderShipmentStatuses) {
    for (const action of orderShipmentActions) {
      const to = allowed[from]?.[action];
      it(`${action} from ${from} ${to ? `moves to ${to}` : 'is refused'}`, () => {
        if (to) expect(nextOrderShipmentStatus(from, action)).toBe(to);
        else expect(() => nextOrderShipmentStatus(from, action)).toThrow(IllegalMoveError);
      });
    }
  }

  it('says why a canceled shipment cannot ship', () => {
    expect(() => nextOrderShipmentStatus('CAN', 'ship')).toThrow(
      'Cannot ship a shipment that is canceled (CAN): canceled is final.',
    );
  });

  it('says to start picking before shipping an entered shipment', () => {
    expect(() => nextOrderShipmentStatus('ENT', 'ship')).toThrow(/start picking first/);
  });

  it('releases a hold back to picking when picking had started', () => {
    const milestones = withMilestone(withMilestone(withMilestone([], 'WHE', at), 'WHI', at), 'HEL', at);
    expect(nextOrderShipmentStatus('HEL', 'release', milestones)).toBe('PIC');
  });

  it('releases back to entered after a hold, release, pick, ... sequence uses the latest hold', () => {
    let milestones = withMilestone([], 'WHE', at);
    milestones = withMilestone(milestones, 'HEL', at);
    expect(statusBeforeHold(milestones)).toBe('ENT');
    milestones = withMilestone(milestones, 'WHE', at, 'Released');
    milestones = withMilestone(milestones, 'WHI', at);
    milestones = withMilestone(milestones, 'HEL', at);
    expect(statusBeforeHold(milestones)).toBe('PIC');
  });
});

describe('actions a dashboard may offer', () => {
  it('lists the order shipment actions each status allows', () => {
    expect(orderShipmentActionsFrom('ENT')).toEqual(['pick', 'hold', 'cancel']);
    expect(orderShipmentActionsFrom('PIC')).toEqual(['hold', 'cancel', 'ship']);
    expect(orderShipmentActionsFrom('HEL')).toEqual(['release', 'cancel']);
    expect(orderShipmentActionsFrom('FIN')).toEqual([]);
    expect(orderShipmentActionsFrom('CAN')).toEqual([]);
  });

  it('lists the receive shipment actions each status allows', () => {
    expect(receiveShipmentActionsFrom('PRS')).toEqual(['receive', 'finalize', 'cancel']);
    expect(receiveShipmentActionsFrom('FIN')).toEqual([]);
  });
});

describe('receive shipment transitions', () => {
  it('receives and finalizes or cancels only while processing', () => {
    expect(nextReceiveShipmentStatus('PRS', 'receive')).toBe('PRS');
    expect(nextReceiveShipmentStatus('PRS', 'finalize')).toBe('FIN');
    expect(nextReceiveShipmentStatus('PRS', 'cancel')).toBe('CAN');
    for (const final of ['FIN', 'CAN']) {
      for (const action of ['receive', 'finalize', 'cancel'] as const) {
        expect(() => nextReceiveShipmentStatus(final, action)).toThrow(IllegalMoveError);
      }
    }
    expect(() => nextReceiveShipmentStatus('FIN', 'receive')).toThrow(
      'Cannot receive into a receive shipment that is finalized (FIN): finalized is final.',
    );
  });
});

describe('derived status of an order or receive', () => {
  it.each([
    [['ENT'], 'PRS'],
    [['PIC', 'FIN'], 'PRS'],
    [['HEL', 'CAN'], 'PRS'],
    [['PRS'], 'PRS'],
    [['FIN'], 'FIN'],
    [['FIN', 'FIN'], 'FIN'],
    [['CAN'], 'CAN'],
    [['CAN', 'CAN'], 'CAN'],
    [['FIN', 'CAN'], 'FIN'],
    [['CAN', 'FIN', 'CAN'], 'FIN'],
    [[], 'PRS'],
  ])('shipments %j give %s', (statuses, expected) => {
    expect(derivedStatus(statuses)).toBe(expected);
  });
});

describe('milestones', () => {
  it('counts the sequence from "1" and stamps the time with an offset', () => {
    const milestones = withMilestone(withMilestone([], 'WHE', at), 'HEL', at, 'On hold: address check');
    expect(milestones).toEqual([
      {
        code: 'WHE',
        description: 'Entered at the warehouse',
        sequence: '1',
        actualDate: '2026-11-21T10:00:00+00:00',
      },
      {
        code: 'HEL',
        description: 'On hold: address check',
        sequence: '2',
        actualDate: '2026-11-21T10:00:00+00:00',
      },
    ]);
  });
});
