import { describe, expect, it } from 'vitest';
import { createActivityLog } from './activity-log';
import { openConsoleDatabase } from './console-db';

describe('the activity log', () => {
  it('keeps its newest changes however many refusals come after them', () => {
    const log = createActivityLog(openConsoleDatabase(':memory:'), Date.now, 50);
    const entry = (action: string, status: number) => ({
      person: 'ana',
      role: 'support' as const,
      action,
      target: 'x',
      status,
    });
    for (let n = 0; n < 5; n++) log.record(entry(`Change ${n}`, 200));
    for (let n = 0; n < 3_000; n++) log.record(entry('Export refused', 403));
    const { entries } = log.list({ limit: 2_000 });
    const changes = entries.filter((listed) => listed.status === 200).map((listed) => listed.action);
    expect(changes).toEqual(['Change 4', 'Change 3', 'Change 2', 'Change 1', 'Change 0']);
    // Refusals go down to the newest 50 every thousand entries.
    expect(entries.filter((listed) => listed.status === 403).length).toBeLessThan(1_050);
  });
});
