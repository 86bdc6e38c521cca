import { describe, expect, it } from 'vitest';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { environmentLabel } from './environment-badge';

describe('environmentLabel', () => {
  it('names the sandbox', () => {
    expect(environmentLabel(sandboxConsoleConfig)).toBe('Sandbox');
  });

  it('names the upstream host and, when there is one, the organization', () => {
    expect(
      environmentLabel({
        ...sandboxConsoleConfig,
        mode: 'upstream',
        upstreamHost: 'api.example.com',
        organization: 'north',
      }),
    ).toBe('api.example.com · north');
    expect(
      environmentLabel({ ...sandboxConsoleConfig, mode: 'upstream', upstreamHost: 'api.example.com' }),
    ).toBe('api.example.com');
  });
});
