import { describe, expect, it } from 'vitest';
import { attributeLabel } from './attribute-labels';

const config = {
  attributeKeys: [
    { key: 'SN', label: 'Serial number' },
    { key: 'LOT', label: 'LOT' },
  ],
};

describe('attributeLabel', () => {
  it('shows the packet label with the key', () => {
    expect(attributeLabel(config, 'SN')).toBe('Serial number (SN)');
  });

  it('shows the key alone when the label adds nothing or is unknown', () => {
    expect(attributeLabel(config, 'LOT')).toBe('LOT');
    expect(attributeLabel(config, 'COLOR')).toBe('COLOR');
  });
});
