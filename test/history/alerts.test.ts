/**
 * The sold history's alert rules (deploy/monitoring/history-alerts.yaml) parse and name only
 * series a worker with the archive on exports (its gauges, registered at start, before
 * PostgreSQL answers), and the queue's depth is among them.
 */
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { Registry } from 'prom-client';
import { parse } from 'yaml';
import { loadConfig } from '@listings/config';
import { bullConnection } from '@listings/store';
import { testDatabaseUrl, testRedisUrl, uniquePrefix, uniqueSchema } from '@listings/testing';
import { startHistory } from '../../apps/worker/src/history.ts';

test('the history alert rules name only series a worker exports, the queue depth among them', async () => {
  const rules = parse(readFileSync(new URL('../../deploy/monitoring/history-alerts.yaml', import.meta.url), 'utf8')) as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> };
  const schema = uniqueSchema('alerts');
  const config = loadConfig({ REDIS_URL: testRedisUrl(), KEY_PREFIX: uniquePrefix('alerts'), CURSOR_SECRET: 'x'.repeat(32), HISTORY_DATABASE_URL: testDatabaseUrl(), HISTORY_SCHEMA: schema }, []);
  const registry = new Registry();
  // The worker's composition root makes these two; here the test does.
  const connections = { producer: bullConnection(config.redisUrl, 'alerts-handoff'), consumer: bullConnection(config.redisUrl, 'alerts-writer') };
  const history = startHistory(config, pino({ level: 'silent' }), connections, registry)!;
  try {
    const exported = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
    const all = rules.groups.flatMap((g) => g.rules);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.some((r) => r.expr.includes('listings_history_queue_pages'))).toBe(true);
    for (const r of all) for (const name of r.expr.match(/listings_[a-z_]+/gu) ?? []) expect([r.alert, exported.has(name)]).toEqual([r.alert, true]);
  } finally {
    await history.close();
    connections.producer.disconnect();
    connections.consumer.disconnect();
    const { createHistoryDb } = await import('@listings/history');
    const db = createHistoryDb({ url: testDatabaseUrl(), schema });
    await db.pool.query(`DROP SCHEMA IF EXISTS ${db.S} CASCADE`);
    await db.close();
  }
});
