/**
 * @module history-archive
 * The api's reader of the sold history archive (@listings/history), built once by the
 * composition root: migrations run at start, retried in the background while PostgreSQL is
 * away. The use cases on it are services/history.ts's. Kept apart from them so that the
 * composition root imports nothing that imports it back.
 */
import type { Logger } from 'pino';
import type { Config } from '@listings/config';
import { createHistoryDb, migrate, type HistoryDb } from '@listings/history';

export interface ApiHistory {
  db: HistoryDb;
  /** The migrations ran (until then the route answers 503 storage_unavailable). */
  ready(): boolean;
  close(): Promise<void>;
}

/** The api's archive reader: migrations run at start, retried in the background while PostgreSQL is away. */
export function createApiHistory(config: Config, logger: Logger): ApiHistory | null {
  if (config.historyDatabaseUrl === null) return null;
  const db = createHistoryDb({ url: config.historyDatabaseUrl, schema: config.historySchema, max: 10, statementTimeoutMs: 5000, readConnections: config.historyReadConnections });
  let ready = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const begin = (): void => {
    migrate(db).then(
      () => { ready = true; },
      (err: unknown) => {
        if (closed) return;
        // The first half minute quietly (a database starting beside the process: npm start), then as a warning.
        const early = performance.now() < 30_000;
        logger[early ? 'info' : 'warn']({ err: (err as Error).message }, 'history: migrations could not run yet (PostgreSQL unavailable?); retrying');
        timer = setTimeout(begin, early ? 1000 : 5000);
        timer.unref();
      },
    );
  };
  begin();
  return {
    db,
    ready: () => ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await db.close().catch(() => undefined);
    },
  };
}

