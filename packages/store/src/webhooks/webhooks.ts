/**
 * @module webhooks
 * Webhook endpoints of an account, their delivery logs, and the outbox of settled jobs.
 *
 * - Endpoints live in one hash per account (`wh:acct:<account>`, id → JSON). Each has its own
 *   signing secret (kept to sign with; shown to the account only when created or rotated), the
 *   event types it wants, the mode of the keys that created it, and its delivery state:
 *   `failing_since` (the first failure after the last success) and, once it has failed for
 *   longer than the configured span, `enabled: false` with `disabled_reason`, which also sets
 *   the account's `webhook_warning` field (the api shows it in a header). Every change of an
 *   endpoint is one script that reads, changes and writes the record (create, rotate, enable,
 *   disable, remove, an attempt's outcome), so concurrent changes never lose each other's
 *   fields (a rotation racing an enable keeps its new secret). At most `maxEndpoints` per
 *   account **and mode**. A create may carry an idempotency key (shared with the search and
 *   batch routes' records): the same key and body answer the endpoint it created, secret
 *   included.
 * - Fair delivery (`acquire` / `settle`, one script each side of an attempt): a delivery runs
 *   only while its endpoint has fewer than `endpointInFlight` and its account fewer than
 *   `accountInFlight` deliveries in flight across the fleet (leases that lapse by themselves
 *   if a worker dies), and while the endpoint's circuit is closed. The circuit opens after
 *   `circuitFailures` failed attempts in a row, for `circuitCooldownMs`; then one probe at a
 *   time is let through (half-open): a success closes it, a failure opens it again. A delivery
 *   turned away is deferred by the caller without spending an attempt. The attempts a
 *   delivery has begun are counted here too, so a delivery whose worker died mid-attempt still
 *   ends once its attempts are spent.
 * - The outbox is a stream (`events`): settle.lua adds an entry for every settled job of an
 *   account that has endpoints, in the same script that settles it, so no settled job is
 *   missed; the worker fleet reads it as one consumer group, turns entries into delivery jobs
 *   and acknowledges them only then (at-least-once). Entries a consumer took and never
 *   acknowledged (it died) are claimed by another after a while.
 *
 * Its Redis keys are listed in keys.ts beside it, its scripts are the `.lua` files beside it.
 */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { base62, type KeyKind } from '../ids.ts';
import type { Keys } from '../keys.ts';
import { guarded, guardedWithin, SCRIPT_DEADLINE_MS, StorageUnavailableError } from '../redis.ts';
import { webhookKeys } from './keys.ts';

export { webhookKeys };

export type WebhookEventType = 'job.settled' | 'batch.settled' | 'watch.matched';

export interface EndpointRecord {
  id: string;
  url: string;
  mode: KeyKind;
  events: WebhookEventType[];
  enabled: boolean;
  created_at: string;
  secret: string;
  /** ms since epoch of the first failed attempt since the last success, or null. */
  failing_since: number | null;
  disabled_reason: string | null;
}

/** An endpoint as the account sees it: never the secret. */
export type EndpointView = Omit<EndpointRecord, 'secret'>;

export interface DeliveryLogEntry {
  at: string;
  event_id: string;
  event_type: WebhookEventType;
  attempt: number;
  ok: boolean;
  status: number | null;
  /** null for a failed attempt on a loopback target (docs/webhooks.md: not a port scanner). */
  ms: number | null;
  error: string | null;
}

export interface OutboxEntry {
  /** Stream entry id (acknowledge with it). */
  entryId: string;
  job: string;
  account: string;
  mode: KeyKind;
  batch: string | null;
}

export const GROUP = 'webhooks';
const LOG_SIZE = 50;
const LOG_TTL_MS = 7 * 24 * 3_600_000;

export function newEndpointSecret(): string {
  return `whsec_${base62(32)}`;
}

export function viewOf(e: EndpointRecord): EndpointView {
  const { secret: _secret, ...view } = e;
  return view;
}

/** The webhooks' scripts (the `.lua` files beside this module); those that start with `now` have now.lua before them, those that clear the warning clear-warning.lua. */
const lua = (name: string): string => readFileSync(new URL(`./${name}.lua`, import.meta.url), 'utf8');
const NOW = lua('now');
const CLEAR_WARNING = lua('clear-warning');
const CREATE = `${NOW}\n${lua('create')}`;
const UPDATE = `${CLEAR_WARNING}\n${lua('update')}`;
const REMOVE = `${CLEAR_WARNING}\n${lua('remove')}`;
const RECORD = `${NOW}\n${lua('record-attempt')}`;
const ACQUIRE = `${NOW}\n${lua('acquire')}`;
const SETTLE = `${NOW}\n${lua('settle-attempt')}`;

export type Webhooks = ReturnType<typeof createWebhooks>;

export interface WebhookOptions {
  /** Endpoints per account and mode. */
  maxEndpoints: number;
  /** How long an idempotency record of a create is kept (the search records' 24 h by default). */
  idempotencyTtlMs?: number;
}

export interface FairnessLimits {
  /** Deliveries of one endpoint in flight at once, fleet-wide. */
  endpointInFlight: number;
  /** Deliveries of one account in flight at once, fleet-wide. */
  accountInFlight: number;
  /** Failed attempts in a row that open an endpoint's circuit. */
  circuitFailures: number;
  /** How long an open circuit turns deliveries away before letting one probe through. */
  circuitCooldownMs: number;
  /** Longest an attempt can hold its lease (the delivery timeout plus a margin). */
  leaseMs: number;
  /** Attempts a delivery may begin in all. */
  maxAttempts: number;
  /** How long a delivery's attempt count is kept (its retry window and more). */
  deliveryTtlMs: number;
}

/** What `acquire` decided: make attempt `attempt` now, or not (and why). */
export type Admission =
  | { kind: 'go'; attempt: number; probe: boolean }
  | { kind: 'spent'; attempts: number }
  | { kind: 'open'; retryInMs: number }
  | { kind: 'probing'; retryInMs: number }
  | { kind: 'busy'; deferrals: number };

/** The outcome of a create: the endpoint (new or replayed), or why there is none. */
export type CreateOutcome =
  | { kind: 'created' | 'replay'; endpoint: EndpointRecord }
  | { kind: 'full' | 'conflict' | 'gone' };

export interface CreateInput {
  mode: KeyKind;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Hash of the Idempotency-Key, or null. */
  idempotencyKeyHash?: string | null;
  /** Past this (ms since epoch) the script writes nothing (a create Redis runs late changes nothing); default SCRIPT_DEADLINE_MS from now. */
  deadlineMs?: number;
}

/** What a create's idempotency key stands for: the mode and the body, never equal to a search's or a batch's. */
export function createFingerprint(input: Pick<CreateInput, 'mode' | 'url' | 'events' | 'enabled'>): string {
  return `webhook_endpoint|${input.mode}|${JSON.stringify([input.url, [...input.events].sort(), input.enabled])}`;
}

export function createWebhooks(redis: Redis, keys: Keys, opts: WebhookOptions) {
  const k = webhookKeys(keys.prefix);
  const account = (id: string): string => keys.account(id);
  const parse = (raw: string): EndpointRecord => JSON.parse(raw) as EndpointRecord;

  async function all(acct: string): Promise<EndpointRecord[]> {
    const h = await redis.hgetall(k.endpoints(acct));
    return Object.values(h).map(parse).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  async function update(acct: string, mode: KeyKind, id: string, op: 'rotate' | 'enable' | 'disable', value = ''): Promise<EndpointRecord | null> {
    const out = (await redis.eval(UPDATE, 2, k.endpoints(acct), account(acct), id, mode, op, value)) as string | null;
    return out ? parse(out) : null;
  }

  /**
   * A new endpoint with its secret (shown this once), the one the same idempotency key and
   * body created before (`replay`, as it is now, its current secret included), or why not:
   * `full` (the account has `maxEndpoints` of the mode), `conflict` (the key was used with
   * another body or on another route), `gone` (the key's endpoint was deleted since). Redis
   * running it after its deadline (nothing written) is StorageUnavailableError `no`; no answer
   * in time is StorageUnavailableError `unknown` (it may have been recorded).
   */
  function createOnce(acct: string, input: CreateInput): Promise<CreateOutcome> {
    // Bounded like a batch's create: the caller hears within the command timeout whether it was recorded (no) or may have been (unknown).
    return guardedWithin(async () => {
      const e: EndpointRecord = {
        id: `we_${base62(22)}`, url: input.url, mode: input.mode, events: input.events, enabled: input.enabled, created_at: new Date().toISOString(),
        secret: newEndpointSecret(), failing_since: null, disabled_reason: null,
      };
      const idem = input.idempotencyKeyHash ?? '';
      const r = (await redis.eval(
        CREATE, 2, k.endpoints(acct), keys.idempotency(acct, idem || '-'),
        e.id, JSON.stringify(e), input.mode, opts.maxEndpoints, idem, createFingerprint(input), opts.idempotencyTtlMs ?? 24 * 3_600_000, input.deadlineMs ?? Date.now() + SCRIPT_DEADLINE_MS,
      )) as [string, string?];
      if (r[0] === 'expired') throw new StorageUnavailableError(new Error('Redis ran the create after its deadline: nothing was recorded'), 'no');
      if (r[0] === 'created' || r[0] === 'replay') return { kind: r[0], endpoint: parse(r[1]!) };
      return { kind: r[0] as 'full' | 'conflict' | 'gone' };
    });
  }

  return {
    createOnce,

    /** A new endpoint with its secret (shown this once), or null when the account has `maxEndpoints` of the mode (the admin's create: no key). */
    async create(acct: string, mode: KeyKind, url: string, events: WebhookEventType[], enabled: boolean): Promise<EndpointRecord | null> {
      const r = await createOnce(acct, { mode, url, events, enabled });
      return r.kind === 'created' ? r.endpoint : null;
    },

    /** The account's endpoints of one mode (keys of the other mode never see them). */
    list(acct: string, mode: KeyKind): Promise<EndpointRecord[]> {
      return guarded(async () => (await all(acct)).filter((e) => e.mode === mode));
    },

    get(acct: string, mode: KeyKind, id: string): Promise<EndpointRecord | null> {
      return guarded(async () => {
        const raw = await redis.hget(k.endpoints(acct), id);
        const e = raw ? parse(raw) : null;
        return e && e.mode === mode ? e : null;
      });
    },

    remove(acct: string, mode: KeyKind, id: string): Promise<boolean> {
      return guarded(async () => (await redis.eval(REMOVE, 4, k.endpoints(acct), account(acct), k.log(id), k.circuit(acct, id), id, mode)) === 1);
    },

    /** A new secret for the endpoint (the old one stops signing at once), or null. */
    rotateSecret(acct: string, mode: KeyKind, id: string): Promise<EndpointRecord | null> {
      return guarded(() => update(acct, mode, id, 'rotate', newEndpointSecret()));
    },

    /** Enables or disables; enabling clears the failure state and, when nothing else is disabled, the warning. */
    setEnabled(acct: string, mode: KeyKind, id: string, enabled: boolean): Promise<EndpointRecord | null> {
      return guarded(() => update(acct, mode, id, enabled ? 'enable' : 'disable'));
    },

    /** Enabled endpoints of the account and mode that want this event type. */
    async subscribed(acct: string, mode: KeyKind, type: WebhookEventType): Promise<EndpointRecord[]> {
      return (await all(acct)).filter((e) => e.mode === mode && e.enabled && e.events.includes(type));
    },

    /** The endpoint whatever its mode (delivery), or null when deleted. */
    async forDelivery(acct: string, id: string): Promise<EndpointRecord | null> {
      const raw = await redis.hget(k.endpoints(acct), id);
      return raw ? parse(raw) : null;
    },

    /** Logs an attempt and updates the failure state; true when this attempt disabled the endpoint. */
    async recordAttempt(acct: string, id: string, entry: DeliveryLogEntry, disableAfterMs: number): Promise<boolean> {
      const log = k.log(id);
      await redis.multi().lpush(log, JSON.stringify(entry)).ltrim(log, 0, LOG_SIZE - 1).pexpire(log, LOG_TTL_MS).exec();
      const hours = Math.round(disableAfterMs / 3_600_000);
      const disabled = await redis.eval(RECORD, 2, k.endpoints(acct), account(acct), id, entry.ok ? '1' : '0', disableAfterMs, `every delivery failed for ${hours} h`);
      return disabled === 1;
    },

    /** May delivery `deliveryId` (to `endpointId` of `acct`) make an attempt now? See acquire.lua. */
    async acquire(acct: string, endpointId: string, deliveryId: string, limits: FairnessLimits): Promise<Admission> {
      const r = (await redis.eval(
        ACQUIRE, 4, k.circuit(acct, endpointId), k.endpointBusy(acct, endpointId), k.accountBusy(acct), k.delivery(acct, deliveryId),
        deliveryId, limits.leaseMs, limits.endpointInFlight, limits.accountInFlight, limits.maxAttempts, limits.deliveryTtlMs,
      )) as [string, number, number?];
      switch (r[0]) {
        case 'go': return { kind: 'go', attempt: Number(r[1]), probe: r[2] === 1 };
        case 'spent': return { kind: 'spent', attempts: Number(r[1]) };
        case 'open': return { kind: 'open', retryInMs: Number(r[1]) };
        case 'probing': return { kind: 'probing', retryInMs: Number(r[1]) };
        default: return { kind: 'busy', deferrals: Number(r[1]) };
      }
    },

    /** An attempt is over: leases back, the circuit told. Returns the circuit's state after it. */
    async settle(acct: string, endpointId: string, deliveryId: string, ok: boolean, limits: Pick<FairnessLimits, 'circuitFailures' | 'circuitCooldownMs'>): Promise<'closed' | 'open'> {
      return (await redis.eval(
        SETTLE, 3, k.circuit(acct, endpointId), k.endpointBusy(acct, endpointId), k.accountBusy(acct),
        deliveryId, ok ? '1' : '0', limits.circuitFailures, limits.circuitCooldownMs,
      )) as 'closed' | 'open';
    },

    /** A delivery is over for good: its attempt count goes. */
    async forget(acct: string, deliveryId: string): Promise<void> {
      await redis.del(k.delivery(acct, deliveryId));
    },

    /**
     * A delivery that reached its endpoint: its attempt count forgotten, and a marker of a few
     * bytes kept for `keepMs` (24 h) in place of BullMQ's job (removed once complete: its body
     * is the event, kilobytes), so the same event queued again in that time (an outbox entry
     * dispatched twice) is not delivered again (`notDelivered`).
     */
    async delivered(acct: string, deliveryId: string, keepMs: number): Promise<void> {
      await redis.multi().del(k.delivery(acct, deliveryId)).set(k.delivered(acct, deliveryId), '1', 'PX', keepMs).exec();
    },

    /** Of these deliveries of an account, those not delivered within the last `keepMs` (`delivered`). */
    async notDelivered(acct: string, deliveryIds: readonly string[]): Promise<string[]> {
      if (deliveryIds.length === 0) return [];
      const done = await redis.mget(deliveryIds.map((id) => k.delivered(acct, id)));
      return deliveryIds.filter((_, i) => done[i] === null);
    },

    /** The endpoint's circuit as stored (tests, admin): failures in a row, and until when it is open (0 = closed). */
    async circuit(acct: string, endpointId: string): Promise<{ fails: number; openUntil: number }> {
      const [fails, openUntil] = await redis.hmget(k.circuit(acct, endpointId), 'fails', 'open_until');
      return { fails: Number(fails ?? 0), openUntil: Number(openUntil ?? 0) };
    },

    deliveries(id: string): Promise<DeliveryLogEntry[]> {
      return guarded(async () => (await redis.lrange(k.log(id), 0, LOG_SIZE - 1)).map((v) => JSON.parse(v) as DeliveryLogEntry));
    },

    /** The account's webhook warning, or null. */
    warning(acct: string): Promise<string | null> {
      return guarded(() => redis.hget(account(acct), 'webhook_warning'));
    },

    // ---- outbox -------------------------------------------------------------------------

    async ensureGroup(): Promise<void> {
      try {
        await redis.xgroup('CREATE', k.events(), GROUP, '0', 'MKSTREAM');
      } catch (err) {
        if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
      }
    },

    /** New entries for this consumer (blocking up to `blockMs`), then ones idle past `claimIdleMs` that others took and never acknowledged. */
    async read(consumer: string, count: number, blockMs: number, claimIdleMs: number): Promise<OutboxEntry[]> {
      const claimed = (await redis.xautoclaim(k.events(), GROUP, consumer, claimIdleMs, '0', 'COUNT', count)) as [string, Array<[string, string[]] | null>];
      const fresh = claimed[1].length > 0 ? null
        : ((await redis.xreadgroup('GROUP', GROUP, consumer, 'COUNT', count, 'BLOCK', blockMs, 'STREAMS', k.events(), '>')) as Array<[string, Array<[string, string[]]>]> | null);
      const raw = [...claimed[1].filter((e): e is [string, string[]] => e !== null), ...(fresh?.[0]?.[1] ?? [])];
      return raw.map(([entryId, fields]) => {
        const f: Record<string, string> = {};
        for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
        return { entryId, job: f.job ?? '', account: f.acct ?? '', mode: (f.mode ?? 'live') as KeyKind, batch: f.batch ? f.batch : null };
      });
    },

    async ack(entryIds: string[]): Promise<void> {
      if (entryIds.length === 0) return;
      await redis.xack(k.events(), GROUP, ...entryIds);
      await redis.xdel(k.events(), ...entryIds);
    },
  };
}
