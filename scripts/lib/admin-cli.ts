/**
 * @module admin-cli
 * The admin command line (decisions.md "Accounts and keys"): accounts, plans, keys, suspension,
 * extra requests and allowed browser origins, straight on the deployment's Redis through the
 * store package (no api involved, so it works while the api is down). Every command prints a
 * short human answer, or with `--json` one JSON document on stdout. Keys are printed once,
 * when issued or rotated; only their hash is stored. Exit codes: 0 done, 1 failed (unknown
 * account or key, Redis unreachable), 2 usage (unknown command, missing or bad argument).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Redis } from 'ioredis';
import { terminalJson, terminalLine, terminalText } from '@listings/cli/terminal';
import { ConfigError, scrubText, scrubUrl } from '@listings/config';
import { DEFAULT_PLANS, isPlanName, PLAN_NAMES, RATE_LIMIT, type PlanName } from '@listings/contract';
import type { Account, Accounts, EndpointRecord, IssuedKey, KeptPage, KeptPages, KeyInfo, Store, Webhooks, WebhookEventType } from '@listings/store';
import { endpointUrlProblem, EVENT_TYPES, isEventType } from '@listings/webhooks';
import { loadAdminConfig, type AdminConfig } from './admin-config.ts';

/** A command that could not be done (unknown account or key): exit code 1. */
export class FailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FailedError';
  }
}

/** A wrong invocation: exit code 2 with the command's usage. */
export class UsageError extends Error {
  readonly usage: string | null;
  constructor(message: string, usage: string | null = null) {
    super(message);
    this.name = 'UsageError';
    this.usage = usage;
  }
}

interface Ctx {
  accounts: Accounts;
  store: Store;
  pages: KeptPages;
  webhooks: Webhooks;
  config: AdminConfig;
}

interface Output {
  json: unknown;
  text: string;
  /** `text` is a body to print as it is, even with --json. */
  raw?: true;
}

type OptionName = 'name' | 'plan' | 'sandbox' | 'label' | 'marketplace' | 'limit' | 'out' | 'events';

interface Command {
  words: string[];
  args: string;
  summary: string;
  /** Positional arguments after the command words: [least, most]. */
  count: [number, number];
  options: OptionName[];
  run(ctx: Ctx, pos: string[], opts: Partial<Record<OptionName, string | boolean>>): Promise<Output>;
}

const OPTIONS = {
  name: { type: 'string' },
  plan: { type: 'string' },
  sandbox: { type: 'boolean' },
  label: { type: 'string' },
  marketplace: { type: 'string' },
  limit: { type: 'string' },
  out: { type: 'string' },
  events: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ADMIN = 'npm run admin --';

function plan(raw: string, usage: string): PlanName {
  if (!isPlanName(raw)) throw new UsageError(`unknown plan "${raw}": one of ${PLAN_NAMES.join(', ')}`, usage);
  return raw;
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

function accountLine(a: Account): string {
  return `${a.id} "${a.name}" (plan ${a.plan}, ${a.status})`;
}

function keyText(k: IssuedKey, account: string, verb: string): string {
  return [
    `${verb} ${k.kind} key ${k.id} on account ${account}${k.label ? ` (label "${k.label}")` : ''}.`,
    '',
    `  ${k.secret}`,
    '',
    'This is the only time the key is shown: only its hash is stored. Use it as',
    '`Authorization: Bearer <key>`.',
  ].join('\n');
}

function keyJson(k: IssuedKey): Record<string, unknown> {
  return { id: k.id, kind: k.kind, label: k.label, created_at: k.createdAt, preview: k.preview, key: k.secret };
}

function keyInfoJson(k: KeyInfo): Record<string, unknown> {
  return { id: k.id, kind: k.kind, label: k.label, created_at: k.createdAt, preview: k.preview };
}

function accountJson(a: Account): Record<string, unknown> {
  return { id: a.id, name: a.name, plan: a.plan, status: a.status, origins: a.origins, extra: a.extra, created_at: a.createdAt };
}

function pageJson(p: KeptPage): Record<string, unknown> {
  return { ...p };
}

function endpointJson(e: EndpointRecord, withSecret = false): Record<string, unknown> {
  const { secret, ...view } = e;
  return withSecret ? { ...view, secret } : view;
}

function endpointLine(e: EndpointRecord): string[] {
  const state = e.enabled ? 'enabled' : `disabled${e.disabled_reason ? ` (${e.disabled_reason})` : ''}`;
  return [e.id, e.mode, state, e.events.join(','), e.url];
}

function secretText(e: EndpointRecord, verb: string, account: string): string {
  return [
    `${verb} ${e.mode} webhook endpoint ${e.id} of ${account}: ${e.url} (${e.events.join(', ')}).`,
    '',
    `  ${e.secret}`,
    '',
    'This signing secret is shown once: give it to the receiver to verify the Listings-Signature header (docs/webhooks.md).',
  ].join('\n');
}

async function mustEndpoint(ctx: Ctx, account: string, id: string, sandbox: boolean): Promise<EndpointRecord> {
  await mustAccount(ctx, account);
  const e = await ctx.webhooks.get(account, sandbox ? 'sandbox' : 'live', id);
  if (!e) throw new FailedError(`no ${sandbox ? 'sandbox' : 'live'} webhook endpoint ${id} on account ${account}${sandbox ? '' : ' (sandbox ones need --sandbox)'}`);
  return e;
}

async function mustPage(ctx: Ctx, id: string): Promise<KeptPage> {
  const p = await ctx.pages.get(id);
  if (!p) throw new FailedError(`no kept page ${id} (kept pages expire after ${ctx.config.keptPagesHours} h)`);
  return p;
}

async function mustAccount(ctx: Ctx, id: string): Promise<Account> {
  const a = await ctx.accounts.get(id);
  if (!a) throw new FailedError(`no account ${id}`);
  return a;
}

/** Checks the account and key exist first: the store's own check runs inside its Redis guard and would read as a Redis failure. */
async function mustKey(ctx: Ctx, id: string, keyId: string): Promise<KeyInfo> {
  await mustAccount(ctx, id);
  const key = (await ctx.accounts.listKeys(id)).find((k) => k.id === keyId);
  if (!key) throw new FailedError(`no key ${keyId} on account ${id}`);
  return key;
}

async function status(ctx: Ctx, id: string, to: Account['status']): Promise<Output> {
  const before = await mustAccount(ctx, id);
  const a = await ctx.accounts.setStatus(id, to);
  const same = before.status === to ? ' (it already was)' : '';
  const effect = to === 'suspended' ? 'every key of it answers 403 account_suspended' : 'its keys work again';
  return { json: { account: accountJson(a) }, text: `Account ${id} is ${to}${same}: ${effect}.` };
}

const COMMANDS: Command[] = [
  {
    words: ['accounts', 'create'], args: '--name <name> [--plan <plan>]', count: [0, 0], options: ['name', 'plan'],
    summary: `Creates an account (plan ${PLAN_NAMES.join('|')}, default free).`,
    async run(ctx, _pos, opts) {
      const usage = 'accounts create --name <name> [--plan <plan>]';
      const name = typeof opts.name === 'string' ? opts.name.trim() : '';
      if (name === '') throw new UsageError('--name is required and must not be empty', usage);
      const a = await ctx.accounts.create(name, plan(typeof opts.plan === 'string' ? opts.plan : 'free', usage));
      return {
        json: { account: accountJson(a) },
        text: `Created account ${accountLine(a)}.\nIssue a key: ${ADMIN} keys issue ${a.id} [--sandbox] [--label <label>]`,
      };
    },
  },
  {
    words: ['accounts', 'list'], args: '', count: [0, 0], options: [], summary: 'Lists every account.',
    async run(ctx) {
      const list = await ctx.accounts.list();
      const text = list.length === 0
        ? `No accounts. Create one: ${ADMIN} accounts create --name <name> --plan <plan>`
        : table(['ID', 'NAME', 'PLAN', 'STATUS', 'CREATED'], list.map((a) => [a.id, a.name, a.plan, a.status, a.createdAt]));
      return { json: { accounts: list.map(accountJson) }, text };
    },
  },
  {
    words: ['accounts', 'show'], args: '<account>', count: [1, 1], options: [],
    summary: 'Shows an account, its usage over the rolling 30 days (live and sandbox) and its keys.',
    async run(ctx, [id]) {
      const a = await mustAccount(ctx, id!);
      const [live, sandbox, keys] = await Promise.all([ctx.store.usage(a.id, 'live'), ctx.store.usage(a.id, 'sandbox'), ctx.accounts.listKeys(a.id)]);
      const allowance = { live: ctx.config.planAllowances[a.plan], sandbox: ctx.config.sandboxAllowance };
      const usage = {
        live: { allowance_30d: allowance.live, completed_30d: live.completed30d, pending: live.pending, extra_left: live.extraLeft, charged_total: live.chargedTotal },
        sandbox: { allowance_30d: allowance.sandbox, completed_30d: sandbox.completed30d, pending: sandbox.pending, extra_left: sandbox.extraLeft, charged_total: sandbox.chargedTotal },
      };
      const text = [
        `Account   ${a.id}`,
        `Name      ${a.name}`,
        `Plan      ${a.plan} (pending cap ${DEFAULT_PLANS[a.plan].pendingCap})`,
        `Status    ${a.status}`,
        `Origins   ${a.origins.length === 0 ? '(none: browser requests with an Origin header answer 403)' : a.origins.join(' ')}`,
        `Created   ${a.createdAt}`,
        '',
        table(['USAGE', 'LIVE', 'SANDBOX'], [
          ['allowance (30 days)', String(usage.live.allowance_30d), String(usage.sandbox.allowance_30d)],
          ['completed (30 days)', String(usage.live.completed_30d), String(usage.sandbox.completed_30d)],
          ['pending', String(usage.live.pending), String(usage.sandbox.pending)],
          ['extra requests left', String(usage.live.extra_left), String(usage.sandbox.extra_left)],
          ['charged in all', String(usage.live.charged_total), String(usage.sandbox.charged_total)],
        ]),
        '',
        keys.length === 0 ? 'No keys.' : table(['KEY', 'KIND', 'PREVIEW', 'CREATED', 'LABEL'], keys.map((k) => [k.id, k.kind, k.preview, k.createdAt, k.label])),
      ].join('\n');
      return { json: { account: accountJson(a), usage, keys: keys.map(keyInfoJson) }, text };
    },
  },
  {
    words: ['plans'], args: '', count: [0, 0], options: [],
    summary: 'Lists the plans: allowance over 30 days (this deployment\'s), pending cap, rate limit, accounts on each.',
    async run(ctx) {
      const accounts = await ctx.accounts.list();
      const plans = PLAN_NAMES.map((name) => ({
        name,
        allowance_30d: ctx.config.planAllowances[name],
        pending_cap: DEFAULT_PLANS[name].pendingCap,
        rate_limit_per_minute: RATE_LIMIT.limit,
        accounts: accounts.filter((a) => a.plan === name).length,
      }));
      const text = [
        table(['PLAN', 'ALLOWANCE (30 DAYS)', 'PENDING CAP', 'RATE LIMIT', 'ACCOUNTS'], plans.map((p) => [
          p.name, p.allowance_30d.toLocaleString('en-US'), String(p.pending_cap), `${p.rate_limit_per_minute} calls/min`, String(p.accounts),
        ])),
        '',
        `Sandbox keys have their own allowance: ${ctx.config.sandboxAllowance.toLocaleString('en-US')} searches over 30 days on every plan.`,
        `Extra requests come on top (${ADMIN} extra <account> <n>); move an account: ${ADMIN} accounts plan <account> <plan>.`,
      ].join('\n');
      return { json: { plans, sandbox_allowance_30d: ctx.config.sandboxAllowance }, text };
    },
  },
  {
    words: ['accounts', 'plan'], args: '<account> <plan>', count: [2, 2], options: [], summary: 'Moves an account to another plan.',
    async run(ctx, [id, p]) {
      const to = plan(p!, 'accounts plan <account> <plan>');
      await mustAccount(ctx, id!);
      const a = await ctx.accounts.setPlan(id!, to);
      return { json: { account: accountJson(a) }, text: `Account ${id} is on plan ${a.plan} (pending cap ${DEFAULT_PLANS[a.plan].pendingCap}).` };
    },
  },
  {
    words: ['suspend'], args: '<account>', count: [1, 1], options: [], summary: 'Suspends an account: its keys answer 403 account_suspended.',
    run: (ctx, [id]) => status(ctx, id!, 'suspended'),
  },
  {
    words: ['restore'], args: '<account>', count: [1, 1], options: [], summary: 'Restores a suspended account.',
    run: (ctx, [id]) => status(ctx, id!, 'active'),
  },
  {
    words: ['extra'], args: '<account> <n> [--sandbox]', count: [2, 2], options: ['sandbox'],
    summary: 'Adds n extra requests (live, or sandbox with --sandbox), used once the allowance is.',
    async run(ctx, [id, n], opts) {
      if (!/^[0-9]{1,12}$/u.test(n!) || Number(n) === 0) throw new UsageError(`extra requests must be a positive whole number, not "${n}"`, 'extra <account> <n> [--sandbox]');
      const mode = opts.sandbox ? 'sandbox' : 'live';
      await mustAccount(ctx, id!);
      const a = await ctx.accounts.addExtra(id!, mode, Number(n));
      return { json: { account: accountJson(a) }, text: `Added ${n} extra ${mode} requests to ${id}: ${a.extra[mode]} left.` };
    },
  },
  {
    words: ['origins'], args: '<account> [<origin>...]', count: [1, Infinity], options: [],
    summary: 'Sets the browser origins allowed to call with the account\'s keys (none given: clears the list).',
    async run(ctx, [id, ...origins]) {
      await mustAccount(ctx, id!);
      let a: Account;
      try {
        a = await ctx.accounts.setOrigins(id!, origins);
      } catch (err) {
        // The store refuses anything that is not exactly scheme://host[:port].
        if ((err as Error).name === 'AccountError') throw new UsageError((err as Error).message, 'origins <account> [<origin>...]');
        throw err;
      }
      const text = a.origins.length === 0
        ? `Cleared the allowed origins of ${id}: browser requests (with an Origin header) answer 403 origin_not_allowed.`
        : `Allowed origins of ${id}: ${a.origins.join(' ')}`;
      return { json: { account: accountJson(a) }, text };
    },
  },
  {
    words: ['keys', 'issue'], args: '<account> [--sandbox] [--label <label>]', count: [1, 1], options: ['sandbox', 'label'],
    summary: 'Issues a live key (or a sandbox key, which collects from the simulators); printed once.',
    async run(ctx, [id], opts) {
      await mustAccount(ctx, id!);
      const k = await ctx.accounts.issueKey(id!, opts.sandbox ? 'sandbox' : 'live', typeof opts.label === 'string' ? opts.label : '');
      return { json: { account: id, key: keyJson(k) }, text: keyText(k, id!, 'Issued') };
    },
  },
  {
    words: ['keys', 'list'], args: '<account>', count: [1, 1], options: [], summary: 'Lists an account\'s keys (never the keys themselves).',
    async run(ctx, [id]) {
      await mustAccount(ctx, id!);
      const keys = await ctx.accounts.listKeys(id!);
      const text = keys.length === 0 ? `No keys on ${id}.` : table(['KEY', 'KIND', 'PREVIEW', 'CREATED', 'LABEL'], keys.map((k) => [k.id, k.kind, k.preview, k.createdAt, k.label]));
      return { json: { account: id, keys: keys.map(keyInfoJson) }, text };
    },
  },
  {
    words: ['keys', 'rotate'], args: '<account> <key-id>', count: [2, 2], options: [],
    summary: 'Issues a new key of the same kind and label, then revokes the old one.',
    async run(ctx, [id, keyId]) {
      await mustKey(ctx, id!, keyId!);
      const k = await ctx.accounts.rotateKey(id!, keyId!);
      return {
        json: { account: id, revoked: keyId, key: keyJson(k) },
        text: `${keyText(k, id!, 'Rotated: issued')}\nKey ${keyId} is revoked: it answers 401 invalid_api_key from now on.`,
      };
    },
  },
  {
    words: ['keys', 'revoke'], args: '<account> <key-id>', count: [2, 2], options: [],
    summary: 'Revokes a key: it answers 401 invalid_api_key at once.',
    async run(ctx, [id, keyId]) {
      await mustKey(ctx, id!, keyId!);
      await ctx.accounts.revokeKey(id!, keyId!);
      return { json: { account: id, revoked: keyId }, text: `Revoked key ${keyId} of ${id}: it answers 401 invalid_api_key from now on.` };
    },
  },
  {
    words: ['pages', 'list'], args: '[--marketplace <token>] [--limit <n>]', count: [0, 0], options: ['marketplace', 'limit'],
    summary: 'Lists the upstream pages kept because they failed to read (drift guard), newest first.',
    async run(ctx, _pos, opts) {
      const usage = 'pages list [--marketplace <token>] [--limit <n>]';
      const raw = typeof opts.limit === 'string' ? opts.limit : '50';
      if (!/^[0-9]{1,6}$/u.test(raw) || Number(raw) === 0) throw new UsageError(`--limit must be a positive whole number, not "${raw}"`, usage);
      const marketplace = typeof opts.marketplace === 'string' ? opts.marketplace : undefined;
      if (marketplace !== undefined && !/^mkt_[a-e]$/u.test(marketplace)) throw new UsageError(`unknown marketplace "${marketplace}": one of mkt_a … mkt_e`, usage);
      const list = await ctx.pages.list({ limit: Number(raw), ...(marketplace ? { marketplace } : {}) });
      const text = list.length === 0
        ? `No kept pages${marketplace ? ` of ${marketplace}` : ''} (pages that fail to read are kept ${ctx.config.keptPagesHours} h, at most ${ctx.config.keptPagesMax}).`
        : table(['PAGE', 'KEPT', 'MARKETPLACE', 'MODE', 'OUTCOME', 'STATUS', 'BYTES', 'SEARCH', 'REASON'],
          list.map((p) => [p.id, p.at, p.marketplace, p.mode, p.outcome, String(p.status), String(p.bytes), `${p.route} q=${JSON.stringify(p.q)} page ${p.page}`, p.reason]));
      return { json: { pages: list.map(pageJson) }, text };
    },
  },
  {
    words: ['pages', 'show'], args: '<page>', count: [1, 1], options: [], summary: 'Shows a kept page\'s facts: search, outcome, status, URL and headers (no cookies).',
    async run(ctx, [id]) {
      const p = await mustPage(ctx, id!);
      const text = [
        `Page      ${p.id} (kept ${p.at})`,
        `Search    ${p.route} q=${JSON.stringify(p.q)} page ${p.page} (${p.mode}, collection ${p.collection})`,
        `Outcome   ${p.outcome}: the job failed ${p.code}`,
        `Reason    ${p.reason}`,
        `Answer    ${p.status} ${p.url}`,
        `Body      ${p.bytes} bytes${p.truncated ? ` (kept truncated to ${ctx.config.keptPageMaxBytes})` : ''}: ${ADMIN} pages download ${p.id} --out <file>`,
        'Headers',
        ...Object.entries(p.headers).map(([k, v]) => `  ${k}: ${v}`),
      ].join('\n');
      return { json: { page: pageJson(p) }, text };
    },
  },
  {
    words: ['pages', 'download'], args: '<page> --out <file>', count: [1, 1], options: ['out'],
    summary: 'Writes a kept page\'s body, as the marketplace sent it, to a file (`-` for stdout).',
    async run(ctx, [id], opts) {
      const usage = 'pages download <page> --out <file>';
      if (typeof opts.out !== 'string' || opts.out === '') throw new UsageError('--out <file> is required (`-` writes the body to stdout)', usage);
      const p = await mustPage(ctx, id!);
      const body = await ctx.pages.body(p.id);
      if (!body) throw new FailedError(`the body of ${p.id} has expired`);
      if (opts.out === '-') return { json: null, text: body.toString('utf8'), raw: true };
      writeFileSync(opts.out, body);
      return { json: { page: p.id, file: opts.out, bytes: body.length }, text: `Wrote ${body.length} bytes of ${p.id} (${p.marketplace} ${p.outcome}) to ${opts.out}.` };
    },
  },
  {
    words: ['webhooks', 'list'], args: '<account> [--sandbox]', count: [1, 1], options: ['sandbox'],
    summary: 'Lists an account\'s live (or sandbox) webhook endpoints (never their secrets).',
    async run(ctx, [id], opts) {
      await mustAccount(ctx, id!);
      const mode = opts.sandbox ? 'sandbox' : 'live';
      const list = await ctx.webhooks.list(id!, mode);
      const text = list.length === 0 ? `No ${mode} webhook endpoints on ${id}.` : table(['ENDPOINT', 'MODE', 'STATE', 'EVENTS', 'URL'], list.map(endpointLine));
      return { json: { account: id, endpoints: list.map((e) => endpointJson(e)) }, text };
    },
  },
  {
    words: ['webhooks', 'add'], args: '<account> <url> [--sandbox] [--events job.settled,batch.settled]', count: [2, 2], options: ['sandbox', 'events'],
    summary: 'Registers a webhook endpoint (HTTPS; http to 127.0.0.1 only in sandbox where WEBHOOK_SANDBOX_LOOPBACK allows it); its secret is printed once.',
    async run(ctx, [id, url], opts) {
      const usage = 'webhooks add <account> <url> [--sandbox] [--events job.settled,batch.settled]';
      const mode = opts.sandbox ? 'sandbox' : 'live';
      const problem = endpointUrlProblem(url, mode, { sandboxLoopback: ctx.config.webhookSandboxLoopback });
      if (problem !== null) throw new UsageError(problem, usage);
      let events: WebhookEventType[] = [...EVENT_TYPES];
      if (typeof opts.events === 'string') {
        const list = opts.events.split(',').map((x) => x.trim());
        if (list.length === 0 || !list.every(isEventType) || new Set(list).size !== list.length) throw new UsageError(`--events must be unique values from ${EVENT_TYPES.join(', ')}`, usage);
        events = list;
      }
      await mustAccount(ctx, id!);
      const e = await ctx.webhooks.create(id!, mode, url!, events, true);
      if (!e) throw new FailedError(`${id} already has ${ctx.config.webhookMaxEndpoints} ${mode} webhook endpoints (WEBHOOK_MAX_ENDPOINTS); remove one first`);
      return { json: { account: id, endpoint: endpointJson(e, true) }, text: secretText(e, 'Registered', id!) };
    },
  },
  {
    words: ['webhooks', 'remove'], args: '<account> <endpoint> [--sandbox]', count: [2, 2], options: ['sandbox'],
    summary: 'Deletes a webhook endpoint: nothing more is delivered to it.',
    async run(ctx, [id, endpoint], opts) {
      const e = await mustEndpoint(ctx, id!, endpoint!, opts.sandbox === true);
      await ctx.webhooks.remove(id!, e.mode, e.id);
      return { json: { account: id, removed: e.id }, text: `Removed webhook endpoint ${e.id} (${e.url}) of ${id}.` };
    },
  },
  {
    words: ['webhooks', 'rotate'], args: '<account> <endpoint> [--sandbox]', count: [2, 2], options: ['sandbox'],
    summary: 'Gives a webhook endpoint a new signing secret (printed once); the old one stops signing at once.',
    async run(ctx, [id, endpoint], opts) {
      const old = await mustEndpoint(ctx, id!, endpoint!, opts.sandbox === true);
      const e = (await ctx.webhooks.rotateSecret(id!, old.mode, old.id))!;
      return { json: { account: id, endpoint: endpointJson(e, true) }, text: secretText(e, 'Rotated the secret of', id!) };
    },
  },
  ...(['enable', 'disable'] as const).map((action): Command => ({
    words: ['webhooks', action], args: '<account> <endpoint> [--sandbox]', count: [2, 2], options: ['sandbox'],
    summary: action === 'enable' ? 'Turns deliveries to an endpoint back on (and clears the account\'s warning).' : 'Stops deliveries to an endpoint until enabled.',
    async run(ctx, [id, endpoint], opts) {
      const old = await mustEndpoint(ctx, id!, endpoint!, opts.sandbox === true);
      const e = (await ctx.webhooks.setEnabled(id!, old.mode, old.id, action === 'enable'))!;
      return { json: { account: id, endpoint: endpointJson(e) }, text: `Webhook endpoint ${e.id} of ${id} is ${e.enabled ? 'enabled' : 'disabled'}.` };
    },
  })),
  {
    words: ['webhooks', 'log'], args: '<account> <endpoint> [--sandbox]', count: [2, 2], options: ['sandbox'],
    summary: 'Shows the last delivery attempts to an endpoint (status, latency, error).',
    async run(ctx, [id, endpoint], opts) {
      const e = await mustEndpoint(ctx, id!, endpoint!, opts.sandbox === true);
      const log = await ctx.webhooks.deliveries(e.id);
      const text = log.length === 0 ? `No delivery attempts to ${e.id} yet.` : table(['AT', 'EVENT', 'TYPE', 'ATTEMPT', 'OK', 'STATUS', 'MS', 'ERROR'],
        log.map((d) => [d.at, d.event_id, d.event_type, String(d.attempt), d.ok ? 'yes' : 'no', d.status === null ? '-' : String(d.status), String(d.ms), d.error ?? '']));
      return { json: { account: id, endpoint: e.id, deliveries: log }, text };
    },
  },
];

// `accounts suspend|restore|extra|origins` read naturally too: the same commands under `accounts`.
for (const c of COMMANDS.filter((x) => x.words.length === 1)) COMMANDS.push({ ...c, words: ['accounts', ...c.words] });

function usageOf(c: Command): string {
  return `${c.words.join(' ')}${c.args ? ` ${c.args}` : ''}`;
}

export function helpText(): string {
  const shown = COMMANDS.filter((c) => !(c.words[0] === 'accounts' && c.words.length === 2 && COMMANDS.some((o) => o.words.length === 1 && o.words[0] === c.words[1])));
  const width = Math.max(...shown.map((c) => usageOf(c).length));
  return [
    `Usage: ${ADMIN} <command> [--json]`,
    '',
    'Administers accounts and API keys, and reads the upstream pages kept by the drift guard, on the',
    'Redis of REDIS_URL, under KEY_PREFIX (default lst:).',
    'Without REDIS_URL it uses the private Redis of a running `npm start` on this checkout.',
    '',
    'Commands:',
    ...shown.map((c) => `  ${usageOf(c).padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  --json   one JSON document on stdout instead of text',
    '  -h, --help',
    '',
    'Exit codes: 0 done, 1 failed (unknown account, key or page, Redis unreachable), 2 usage.',
  ].join('\n');
}

/** Finds the command named by the leading positional words. */
function resolve(pos: string[]): { command: Command; rest: string[] } {
  const two = COMMANDS.find((c) => c.words.length === 2 && c.words[0] === pos[0] && c.words[1] === pos[1]);
  if (two) return { command: two, rest: pos.slice(2) };
  const one = COMMANDS.find((c) => c.words.length === 1 && c.words[0] === pos[0]);
  if (one) return { command: one, rest: pos.slice(1) };
  if (pos[0] === 'accounts' || pos[0] === 'keys' || pos[0] === 'pages' || pos[0] === 'webhooks') {
    const subs = COMMANDS.filter((c) => c.words[0] === pos[0] && c.words.length === 2).map((c) => c.words[1]);
    throw new UsageError(pos[1] === undefined ? `${pos[0]} needs a subcommand: ${subs.join(', ')}` : `unknown command "${pos[0]} ${pos[1]}": ${pos[0]} takes ${subs.join(', ')}`);
  }
  throw new UsageError(`unknown command "${pos[0]}"`);
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

interface Parsed {
  command: Command;
  rest: string[];
  opts: Partial<Record<OptionName, string | boolean>>;
  json: boolean;
}

/** Parses argv; returns null for help. Throws UsageError. */
export function parse(argv: readonly string[]): Parsed | null {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]!);
  }
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return null;
  const { command, rest } = resolve(positionals);
  const usage = usageOf(command);
  for (const name of ['name', 'plan', 'sandbox', 'label', 'marketplace', 'limit', 'out', 'events'] as const) {
    if (values[name] !== undefined && !command.options.includes(name)) throw new UsageError(`--${name} does not apply to ${command.words.join(' ')}`, usage);
  }
  const [least, most] = command.count;
  if (rest.length < least) throw new UsageError(`${command.words.join(' ')} needs ${command.args.split(' [')[0]}`, usage);
  if (rest.length > most) throw new UsageError(`too many arguments: ${rest.slice(most).join(' ')}`, usage);
  const opts: Parsed['opts'] = {};
  for (const name of command.options) if (values[name] !== undefined) opts[name] = values[name];
  return { command, rest, opts, json: values.json === true };
}

/** A string made printable (`terminalLine`), and every string inside arrays and plain objects (a Buffer, a kept page's body, stays as it is). */
function printableDeep(v: unknown): unknown {
  if (typeof v === 'string') return terminalLine(v);
  if (Array.isArray(v)) return v.map(printableDeep);
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [terminalLine(k), printableDeep(x)]));
  }
  return v;
}

/**
 * A store object whose methods answer with every string made printable, for human output:
 * what the store holds (a tenant's webhook URL, an upstream page's reason and headers, an
 * account name) is printed amid lines of our own, and must not start a line, move the cursor
 * or turn the text around (a forged row in `webhooks list`). JSON output reads the store as it is.
 */
function printable<T extends object>(o: T): T {
  return new Proxy(o, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]): unknown => {
        const r: unknown = (v as (...a: unknown[]) => unknown).apply(target, args);
        return r instanceof Promise ? r.then(printableDeep) : printableDeep(r);
      };
    },
  });
}

/**
 * Runs one invocation; returns the exit code. Everything printed goes through the terminal
 * guard of @listings/cli/terminal: human text with values from the store made printable
 * (`printable`) and no control, separator or bidi character left raw; JSON with those written
 * as `\uXXXX` (still the same JSON); messages on stderr scrubbed of secrets (a `REDIS_URL`'s
 * password). Issued keys and webhook secrets are printed on purpose, on stdout. A kept page's
 * body (`pages download --out -`) is written as it is: it is the download.
 */
export async function runAdmin(argv: readonly string[], env: Record<string, string | undefined>, terminal: Io): Promise<number> {
  const io: Io = {
    out: (text) => terminal.out(terminalText(text)),
    err: (text) => terminal.err(terminalText(scrubText(text))),
  };
  let parsed: Parsed | null;
  try {
    parsed = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`admin: ${err.message}`);
    io.err(err.usage ? `usage: ${ADMIN} ${err.usage}` : `Run \`${ADMIN} help\` for the commands.`);
    return 2;
  }
  if (!parsed) {
    io.out(helpText());
    return 0;
  }
  let config: AdminConfig;
  try {
    const loaded = loadAdminConfig(env);
    config = loaded.config;
    if (loaded.note) io.err(loaded.note);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(`admin: ${err.message}`);
    return 2;
  }

  // Loaded only now, so help and usage errors answer without loading the store and its clients.
  const { AccountError, connectRedis, createAccounts, createKeptPages, createStore, createWebhooks, isOomError, StorageUnavailableError } = await import('@listings/store');
  const redis: Redis = connectRedis(config.redisUrl, { name: 'listings-admin' });
  try {
    try {
      // One command, one attempt: the first connection error ends it (no reconnect loop to wait out).
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer within 3 s')), 3000);
        redis.once('ready', () => { clearTimeout(timer); resolve(); });
        redis.once('error', (err: Error) => { clearTimeout(timer); reject(err); });
      });
    } catch (err) {
      io.err(`admin: cannot reach Redis at ${scrubUrl(config.redisUrl)} (${(err as Error).message}); is it running?`);
      return 1;
    }
    const pages = createKeptPages(redis, config.keyPrefix, { maxCount: config.keptPagesMax, maxAgeMs: config.keptPagesHours * 3_600_000, maxBodyBytes: config.keptPageMaxBytes });
    const store = createStore(redis, { prefix: config.keyPrefix });
    const webhooks = createWebhooks(redis, store.keys, { maxEndpoints: config.webhookMaxEndpoints });
    const accounts = createAccounts(redis, config.keyPrefix);
    const ctx: Ctx = parsed.json
      ? { accounts, store, pages, webhooks, config }
      : { accounts: printable(accounts), store: printable(store), pages: printable(pages), webhooks: printable(webhooks), config };
    const out = await parsed.command.run(ctx, parsed.rest, parsed.opts);
    if (out.raw) terminal.out(out.text);
    else if (parsed.json) terminal.out(terminalJson(JSON.stringify(out.json, null, 2)));
    else io.out(out.text);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`admin: ${err.message}`);
      if (err.usage) io.err(`usage: ${ADMIN} ${err.usage}`);
      return 2;
    }
    if (err instanceof FailedError || err instanceof AccountError) {
      io.err(`admin: ${err.message}`);
      return 1;
    }
    if (err instanceof StorageUnavailableError) {
      // Out of memory, Redis refuses writes (reads still answer: accounts show, usage, lists).
      if (isOomError(err)) io.err(`admin: Redis at ${scrubUrl(config.redisUrl)} is out of memory (maxmemory reached) and refuses this change; reads such as \`accounts show\` still answer. Free memory or raise maxmemory (docs/operations.md "Redis memory"), then run it again.`);
      else io.err(`admin: Redis at ${scrubUrl(config.redisUrl)} failed: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    redis.disconnect();
  }
}
