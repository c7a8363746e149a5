/**
 * Redis's memory as a state (redis-memory.ts): INFO's figures read, the thresholds, the
 * eviction policy's refusal and its message, OOM answers recognized (also a MULTI discarded for
 * one), and the watch's states and log lines as Redis's figures move, the warning logged at
 * error level before anything is refused.
 */
import type { Redis } from 'ioredis';
import { evictionRefusal, isOomError, memoryState, parseMemoryInfo, REFUSE_RATIO, WARN_RATIO, watchRedisMemory } from './redis-memory.ts';

const info = (used: number, max: number, policy = 'noeviction'): string =>
  `# Memory\r\nused_memory:${used}\r\nused_memory_human:1M\r\nmaxmemory:${max}\r\nmaxmemory_human:0B\r\nmaxmemory_policy:${policy}\r\n`;

test('INFO memory read: used, maximum and policy', () => {
  expect(parseMemoryInfo(info(123, 456, 'allkeys-lru'))).toEqual({ usedBytes: 123, maxBytes: 456, policy: 'allkeys-lru' });
});

test('states: ok below the warning, high from it, full from the refusal threshold; no maxmemory is never full by its figures', () => {
  const max = 1000;
  expect(WARN_RATIO).toBeLessThan(REFUSE_RATIO);
  expect(memoryState({ usedBytes: max * WARN_RATIO - 1, maxBytes: max, policy: 'noeviction' })).toBe('ok');
  expect(memoryState({ usedBytes: max * WARN_RATIO, maxBytes: max, policy: 'noeviction' })).toBe('high');
  expect(memoryState({ usedBytes: max * REFUSE_RATIO, maxBytes: max, policy: 'noeviction' })).toBe('full');
  expect(memoryState({ usedBytes: 10 ** 12, maxBytes: 0, policy: 'noeviction' })).toBe('ok');
});

test('every policy but noeviction is refused with the setting and the fix named', () => {
  expect(evictionRefusal('noeviction')).toBeNull();
  for (const policy of ['allkeys-lru', 'volatile-lru', 'allkeys-lfu', 'volatile-ttl', 'allkeys-random']) {
    const m = evictionRefusal(policy)!;
    expect(m).toContain(`maxmemory-policy is "${policy}"`);
    expect(m).toContain('maxmemory-policy noeviction');
    expect(m).toContain('CONFIG SET maxmemory-policy noeviction');
  }
});

test('OOM answers are recognized, also wrapped and as the cause of a discarded MULTI', () => {
  const oom = new Error("OOM command not allowed when used memory > 'maxmemory'.");
  expect(isOomError(oom)).toBe(true);
  expect(isOomError(new Error('storage unavailable: x', { cause: oom }))).toBe(true);
  const execAbort = Object.assign(new Error('EXECABORT Transaction discarded because of previous errors.'), { previousErrors: [oom] });
  expect(isOomError(new Error('storage unavailable: EXECABORT', { cause: execAbort }))).toBe(true);
  expect(isOomError(new Error('EXECABORT Transaction discarded because of previous errors.'))).toBe(false);
  expect(isOomError(new Error('Connection is closed.'))).toBe(false);
  expect(isOomError('OOM')).toBe(false);
});

test('the watch follows the figures: the warning and the refusal logged at error level once each, the way back at info; an OOM answer is full at once', async () => {
  let text = info(100, 1000);
  const redis = { info: async () => text } as unknown as Redis;
  const lines: Array<[string, string]> = [];
  const logger = {
    error: (_o: object, msg: string) => lines.push(['error', msg]),
    warn: (_o: object, msg: string) => lines.push(['warn', msg]),
    info: (_o: object, msg: string) => lines.push(['info', msg]),
  };
  const watch = watchRedisMemory(redis, logger, { pollMs: 60_000 });
  try {
    await watch.refresh();
    expect([watch.state(), watch.refusing(), watch.policyOk()]).toEqual(['ok', false, true]);
    expect(lines).toEqual([]);
    text = info(850, 1000);
    await watch.refresh();
    await watch.refresh();
    expect([watch.state(), watch.refusing()]).toEqual(['high', false]);
    expect(lines.map(([level]) => level)).toEqual(['error']);
    expect(lines[0]![1]).toMatch(/past 80 %/u);
    text = info(950, 1000);
    await watch.refresh();
    expect([watch.state(), watch.refusing()]).toEqual(['full', true]);
    expect(lines.at(-1)).toEqual(['error', expect.stringMatching(/full/u) as string]);
    text = info(100, 1000);
    await watch.refresh();
    expect([watch.state(), watch.refusing()]).toEqual(['ok', false]);
    expect(lines.at(-1)![0]).toBe('info');
    // Redis answered OOM (its figures not read yet): full until a read shows memory back.
    watch.sawOom();
    expect(watch.refusing()).toBe(true);
    await watch.refresh();
    expect(watch.refusing()).toBe(false);
    // A policy changed while running: not ready, logged at error level with the fix.
    text = info(100, 1000, 'allkeys-lru');
    await watch.refresh();
    expect(watch.policyOk()).toBe(false);
    expect(lines.at(-1)).toEqual(['error', expect.stringContaining('maxmemory-policy noeviction') as string]);
    text = info(100, 1000);
    await watch.refresh();
    expect(watch.policyOk()).toBe(true);
  } finally {
    watch.close();
  }
});
