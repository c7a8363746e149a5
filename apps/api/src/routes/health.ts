/**
 * @module health
 * `/healthz`: the process is alive and none of its Redis connections has ended for good
 * (liveness: restart it when this fails; the process also ends itself soon after). `/readyz`: Redis
 * answers and the process is not draining, so the load balancer may send traffic here
 * (readiness); 503 too while Redis's eviction policy is not `noeviction`, and `redis_memory`
 * (`high`, `full`) in the body while Redis is short of memory. On SIGTERM the process marks
 * itself draining first, so `/readyz` answers 503 while in-flight requests finish. Public, no
 * key, not rate limited.
 */
import { guarded, lostConnectionHealth } from '@listings/store';
import type { Services } from '../composition-root.ts';
import type { RouteModule } from './route.ts';

const draining = new WeakSet<Services>();

/** From now on `/readyz` answers 503 (shutdown has begun). */
export function markDraining(services: Services): void {
  draining.add(services);
}

export const registerHealthRoutes: RouteModule = (app, services) => {
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // A Redis connection that ended for good: alive, but never working again (main.ts ends the process).
    const lost = lostConnectionHealth();
    if (lost) res.status(503).type('application/json').send(JSON.stringify(lost));
    else res.type('application/json').send('{"status":"ok"}');
  });
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (draining.has(services)) {
      res.status(503).setHeader('Retry-After', '2');
      res.type('application/json').send('{"status":"draining"}');
      return;
    }
    try {
      await guarded(() => services.store.redis.ping());
      // An evicting Redis loses what clients paid for: not ready (redis-memory.ts).
      if (!services.memory.policyOk()) {
        res.status(503).setHeader('Retry-After', '30');
        res.type('application/json').send(JSON.stringify({ status: 'unavailable', error: { code: 'storage_unavailable', message: `Redis maxmemory-policy is "${services.memory.current()?.policy ?? '?'}", not noeviction.` } }));
        return;
      }
      // Short of memory: still ready (reads and polls keep answering; new searches answer 503
      // storage_unavailable at once), and says so.
      const memory = services.memory.state();
      res.type('application/json').send(memory === 'ok' ? '{"status":"ready"}' : JSON.stringify({ status: 'ready', redis_memory: memory }));
    } catch {
      res.status(503).setHeader('Retry-After', '2');
      res.type('application/json').send('{"status":"unavailable","error":{"code":"storage_unavailable","message":"Redis is not reachable."}}');
    }
  });
};
