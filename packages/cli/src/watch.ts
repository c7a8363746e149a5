/**
 * @module watch (CLI)
 * `listings watch create|list|runs|pause|resume|delete`: watches (docs/watches.md) from a
 * terminal, on the SDK's `listings.watches`. A watch's search takes the options of `listings
 * search`; its rules are `--rule name=value` (lists comma-separated); its interval `--every`
 * (`15m`, `1h`, `24h`, or seconds).
 */
import { Option, type Command } from 'commander';
import Table from 'cli-table3';
import type { Watch, WatchCreate, WatchRun } from '@listings/sdk';
import { cell, COMPACT, EXIT, json, money, paramValue, parseRoute, sdkFor, truncate, UsageError, type Io } from './main.ts';

const RULES = ['min_price', 'max_price', 'conditions', 'include_words', 'exclude_words', 'kinds'] as const;

/** `90s`, `15m`, `1h`, `1d` or a number of seconds → seconds. */
export function parseEvery(raw: string): number {
  const m = /^(\d{1,6})([smhd]?)$/u.exec(raw.trim());
  if (!m) throw new UsageError(`--every takes a duration such as 15m, 1h or 24h (or seconds), not "${raw}"`);
  return Number(m[1]) * { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
}

/** Seconds as the shortest of `45s`, `15m`, `2h`, `1d`, `90m`. */
export function every(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** `--rule max_price=1500`, `--rule exclude_words=parts,for repair` → the rules object. */
export function parseRules(list: readonly string[]): Record<string, unknown> | undefined {
  if (list.length === 0) return undefined;
  const rules: Record<string, unknown> = {};
  for (const r of list) {
    const eq = r.indexOf('=');
    const name = r.slice(0, eq);
    if (eq <= 0 || !(RULES as readonly string[]).includes(name)) throw new UsageError(`--rule takes name=value with a name from ${RULES.join(', ')}, got "${r}"`);
    const value = r.slice(eq + 1);
    if (name === 'min_price' || name === 'max_price') {
      if (!/^\d+(\.\d+)?$/u.test(value)) throw new UsageError(`--rule ${name} takes a number of dollars, got "${value}"`);
      rules[name] = Number(value);
    } else {
      rules[name] = value.split(',').map((v) => v.trim()).filter(Boolean);
    }
  }
  return rules;
}

function searchText(w: Watch): string {
  const { endpoint, q, ...rest } = w.search as Record<string, unknown>;
  const extra = Object.entries(rest).filter(([k]) => k !== 'sort' || rest.sort !== 'best_match').map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
  return `${String(endpoint)} "${String(q)}"${extra.length ? ` ${extra.join(' ')}` : ''}`;
}

function rulesText(w: Watch): string {
  return Object.entries(w.rules).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`).join(' ');
}

function lastRunText(r: WatchRun | null | undefined): string {
  if (!r) return '';
  const what = r.status === 'complete' ? (r.baseline ? 'baseline' : `${r.match_count} match${r.match_count === 1 ? '' : 'es'}`) : (r.error?.code ?? r.status);
  return `${r.scheduled_at.slice(0, 19).replace('T', ' ')} ${r.status} ${what}`;
}

function watchTable(watches: readonly Watch[]): string {
  const t = new Table({ head: ['id', 'name', 'status', 'every', 'search', 'rules', 'last run', 'next run'], chars: COMPACT, style: { head: [], border: [] }, wordWrap: false });
  for (const w of watches) {
    t.push([cell(w.id), truncate(cell(w.name), 24), cell(w.status), every(w.schedule.every_seconds), truncate(cell(searchText(w)), 40), truncate(cell(rulesText(w)), 40), cell(lastRunText(w.last_run)), cell(w.next_run_at?.slice(0, 19).replace('T', ' '))]);
  }
  return t.toString();
}

function runsTable(runs: readonly WatchRun[]): string {
  const t = new Table({ head: ['scheduled', 'status', 'credits', 'rows', 'matches', 'request_id', 'event / error'], chars: COMPACT, style: { head: [], border: [] }, wordWrap: false });
  for (const r of runs) {
    const note = r.error ? `${r.error.code}` : r.event_id ?? (r.baseline ? 'baseline' : r.event_delivery ?? '');
    t.push([cell(r.scheduled_at.slice(0, 19).replace('T', ' ')), cell(r.status), r.credits, r.rows ?? '', r.match_count, cell(r.request_id), cell(note)]);
  }
  let out = t.toString();
  for (const r of runs.filter((x) => x.matches.length > 0)) {
    out += `\n${cell(r.scheduled_at)}:`;
    for (const m of r.matches) {
      const was = m.previous_price ? ` (was ${money(m.previous_price)})` : '';
      out += `\n  ${m.reason === 'new' ? 'new ' : 'drop'} ${cell(m.id)} ${cell(money(m.displayed_price))}${cell(was)} ${truncate(cell(m.title), 60)}`;
    }
  }
  return out;
}

interface CreateOpts {
  condition?: string; sort?: string; minPrice?: string; maxPrice?: string; zip?: string; count?: string; param: string[];
  every?: string; rule: string[]; webhook?: string; notifyFirstRun?: boolean; name?: string; idempotencyKey?: string; format: 'table' | 'json';
}

async function createCommand(io: Io, routeArg: string, q: string, o: CreateOpts): Promise<number> {
  const search: Record<string, unknown> = { endpoint: parseRoute(routeArg), q };
  const named: Array<[string, string | undefined]> = [['condition', o.condition], ['sort', o.sort], ['min_price', o.minPrice], ['max_price', o.maxPrice], ['zip', o.zip], ['count', o.count]];
  for (const [k, v] of named) if (v !== undefined) search[k] = paramValue(k, v);
  for (const p of o.param) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param takes name=value, got "${p}"`);
    search[p.slice(0, eq)] = paramValue(p.slice(0, eq), p.slice(eq + 1));
  }
  const body: WatchCreate = { search: search as WatchCreate['search'] };
  if (o.every !== undefined) body.schedule = { every_seconds: parseEvery(o.every) };
  const rules = parseRules(o.rule);
  if (rules) body.rules = rules;
  if (o.webhook !== undefined) body.webhook_endpoint_id = o.webhook;
  if (o.notifyFirstRun) body.notify_on_first_run = true;
  if (o.name !== undefined) body.name = o.name;
  const w = await sdkFor(io).watches.create(body, o.idempotencyKey ? { idempotencyKey: o.idempotencyKey } : {});
  if (o.format === 'json') io.out.write(json(w));
  else io.out.write(`${watchTable([w])}\n`);
  io.err.write(`watch ${cell(w.id)} created: runs every ${every(w.schedule.every_seconds)}, first run now${w.webhook_endpoint_id ? `, events to ${cell(w.webhook_endpoint_id)}` : ' (no webhook endpoint: matches are in `listings watch runs`)'}\n`);
  return EXIT.ok;
}

/** Adds the `watch` commands to the program; `run` maps an action's outcome (or error) to the exit code. */
export function registerWatchCommands(program: Command, io: Io, run: (fn: () => Promise<number>) => () => Promise<void>): void {
  const format = (): Option => new Option('--format <format>', 'output format').choices(['table', 'json']).default('table');
  const watch = program.command('watch').description('saved searches that run on a schedule and report new and cheaper listings (docs/watches.md)');
  watch.command('create')
    .description('create a watch of a search; its first run is now (a baseline unless --notify-first-run)')
    .argument('<route>', 'one of the search routes, e.g. mkt_a/listings')
    .argument('<q>', 'keywords')
    .option('--condition <list>', 'search: condition value(s)')
    .option('--sort <sort>', 'search: sort order')
    .option('--min-price <usd>', 'search: lowest price, whole dollars')
    .option('--max-price <usd>', 'search: highest price, whole dollars')
    .option('--zip <zip>', 'search (mkt_e): five-digit ZIP')
    .option('--count <n>', 'search (mkt_c / mkt_d): rows per page')
    .option('--param <name=value>', 'search: any other parameter (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--every <duration>', 'interval: 15m to 24h (or seconds); default 1h')
    .option('--rule <name=value>', `a rule matches must pass (repeatable): ${RULES.join(', ')}; lists comma-separated`, (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--webhook <endpoint_id>', 'the webhook endpoint (we_…) that receives watch.matched')
    .option('--notify-first-run', 'report what the first run finds instead of recording a baseline')
    .option('--name <name>', 'a name to tell it by')
    .option('--idempotency-key <key>', 'resend an earlier create (the same watch comes back)')
    .addOption(format())
    .action((routeArg: string, q: string, o: CreateOpts) => run(() => createCommand(io, routeArg, q, o))());
  watch.command('list')
    .description("the account's watches (of the key's mode), with their last run")
    .addOption(format())
    .action((o: { format: 'table' | 'json' }) => run(async () => {
      const { data } = await sdkFor(io).watches.list();
      io.out.write(o.format === 'json' ? json(data) : `${watchTable(data)}\n`);
      io.err.write(`${data.length} watch${data.length === 1 ? '' : 'es'}\n`);
      return EXIT.ok;
    })());
  watch.command('runs')
    .description("a watch's last runs, newest first, with what each found")
    .argument('<watch_id>', 'wat_…')
    .addOption(format())
    .action((id: string, o: { format: 'table' | 'json' }) => run(async () => {
      const { data } = await sdkFor(io).watches.runs(id);
      io.out.write(o.format === 'json' ? json(data) : `${runsTable(data)}\n`);
      const credits = data.reduce((n, r) => n + r.credits, 0);
      io.err.write(`${data.length} run${data.length === 1 ? '' : 's'} · ${credits} credit${credits === 1 ? '' : 's'} · ${data.reduce((n, r) => n + r.match_count, 0)} matches\n`);
      return EXIT.ok;
    })());
  for (const [name, doc] of [['pause', 'stop a watch running (resume it later)'], ['resume', 'run a paused watch again: now, then every interval']] as const) {
    watch.command(name)
      .description(doc)
      .argument('<watch_id>', 'wat_…')
      .action((id: string) => run(async () => {
        const w = name === 'pause' ? await sdkFor(io).watches.pause(id) : await sdkFor(io).watches.resume(id);
        io.out.write(`${cell(w.id)} ${cell(w.status)}\n`);
        return EXIT.ok;
      })());
  }
  watch.command('delete')
    .description('delete a watch (its runs and seen listings go with it)')
    .argument('<watch_id>', 'wat_…')
    .action((id: string) => run(async () => {
      await sdkFor(io).watches.delete(id);
      io.out.write(`${cell(id)} deleted\n`);
      return EXIT.ok;
    })());
}
