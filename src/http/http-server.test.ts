import { describe, expect, it } from 'vitest';
import { defaultConnectionLimits, maxConnectionsWithin, openFilesLimit } from './http-server';

const limitsText = (soft: string, hard: string) =>
  `Limit                     Soft Limit           Hard Limit           Units     \nMax processes             63704                63704                processes \nMax open files            ${soft}                ${hard}                files     \n`;

describe('how many connections the server takes', () => {
  it('reads the soft limit on open files, and none where there is no limit or no file', () => {
    expect(openFilesLimit(limitsText('1024', '524288'))).toBe(1024);
    expect(openFilesLimit(limitsText('unlimited', 'unlimited'))).toBeNull();
    expect(openFilesLimit(null)).toBeNull();
  });

  it('takes at most 8,192, and three quarters of the open files the process may have', () => {
    expect(maxConnectionsWithin(1024)).toBe(768);
    expect(maxConnectionsWithin(20_000)).toBe(8_192);
    expect(maxConnectionsWithin(null)).toBe(8_192);
  });

  it('lets one client address hold half of them', () => {
    expect(defaultConnectionLimits.maxConnectionsPerClient).toBe(
      Math.floor(defaultConnectionLimits.maxConnections / 2),
    );
  });
});
