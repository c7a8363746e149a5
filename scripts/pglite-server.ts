/**
 * @module pglite-server
 * `npm start`'s PostgreSQL when none is given (no HISTORY_DATABASE_URL): PGlite, PostgreSQL
 * compiled to WebAssembly and installed by `npm ci` (nothing to install on the machine), with
 * its data in `.local/history`, served on 127.0.0.1 over PostgreSQL's own protocol
 * (@electric-sql/pglite-socket), so the api and worker processes reach it with the same `pg`
 * driver as a real server. For trying the service on one machine, never for a deployment: one
 * embedded database, statements run one at a time.
 *   node scripts/pglite-server.ts --dir=.local/history --port=0
 * Prints `pglite listening at postgres://postgres@127.0.0.1:<port>/postgres` once it listens.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const PGLITE_LINE = /^pglite listening at (postgres:\/\/\S+)$/mu;

const arg = (name: string, def: string): string => {
  const a = process.argv.slice(2).find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? def : a.slice(name.length + 3);
};
const dir = arg('dir', '.local/history');
const host = arg('host', '127.0.0.1');
const port = Number(arg('port', '0'));
mkdirSync(dir, { recursive: true });
const db = await PGlite.create({ dataDir: dir });
const server = new PGLiteSocketServer({ db, host, port, maxConnections: 32 });
server.addEventListener('listening', (e) => {
  const detail = (e as CustomEvent<{ host: string; port: number }>).detail;
  console.log(`pglite listening at postgres://postgres@${host}:${detail?.port ?? port}/postgres`);
});
await server.start();
const stop = async (): Promise<void> => {
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
