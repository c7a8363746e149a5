/**
 * @module db
 * The archive's PostgreSQL connection: one `pg` pool per process, every table named with its
 * schema (tests give each run its own schema), short connection and statement timeouts so an
 * archive that is down answers at once instead of holding a caller, and the errors that mean
 * "PostgreSQL is not there right now" told apart from the rest (`isUnavailable`).
 */
import pg from 'pg';

export interface HistoryDbOptions {
  /** `postgres://user[:password]@host:port/database` */
  url: string;
  /** Schema of the archive's tables (created by the migrations). */
  schema?: string;
  /** Connections of this process's pool. */
  max?: number;
  /** Longest time one statement may run, ms (the history route's reads; the writer's inserts). */
  statementTimeoutMs?: number;
  /** Longest time to wait for a connection, ms. */
  connectTimeoutMs?: number;
  /**
   * Connections one history read may use at once (1 or 2; default 2): with 2, a read takes a
   * second idle connection for the reads that can go two at once (query.ts). 1 for a server
   * that runs one connection's transaction at a time (the embedded PGlite of `npm start`,
   * whose socket server queues every other connection behind an open transaction).
   */
  readConnections?: number;
}

export interface HistoryDb {
  pool: pg.Pool;
  schema: string;
  /** The schema quoted, for SQL text. */
  S: string;
  /** `"<schema>".<name>`, for SQL text. */
  table(name: string): string;
  /** Connections one history read may use at once (1 or 2). */
  readConnections: number;
  close(): Promise<void>;
}

/** An SQL identifier, quoted. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function createHistoryDb(opts: HistoryDbOptions): HistoryDb {
  const schema = opts.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/u.test(schema)) throw new Error('the history schema must be a plain lowercase SQL name');
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 5,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: opts.statementTimeoutMs ?? 10_000,
    application_name: 'listings-history',
  });
  // An idle connection that breaks (PostgreSQL restarted) is dropped from the pool; the next
  // query opens another. Without a listener the pool's 'error' would end the process.
  pool.on('error', () => undefined);
  return {
    pool,
    schema,
    S: ident(schema),
    table: (name) => `${ident(schema)}.${ident(name)}`,
    readConnections: opts.readConnections === 1 ? 1 : 2,
    async close() {
      await pool.end();
    },
  };
}

/** SQLSTATE classes and codes that say the server is not reachable or not accepting work now. */
const UNAVAILABLE_STATES = /^(08|57P0[1-4]|53300|53400|40001|40P01)/u;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'ENETUNREACH']);

/** Whether an error means the archive is (briefly) unavailable, rather than a fault of the data or the SQL. */
export function isUnavailable(err: unknown): boolean {
  // Duck-typed: errors of Node's sockets may come from another realm (jest's VM modules).
  if (err === null || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_NODE.has(e.code) || UNAVAILABLE_STATES.test(e.code))) return true;
  // Several addresses tried (localhost: ::1 and 127.0.0.1), each refused.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isUnavailable)) return true;
  return typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection timeout|Connection ended|terminating connection/iu.test(e.message);
}
