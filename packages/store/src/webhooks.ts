/**
 * @module webhooks
 * Webhook endpoints of an account, their delivery logs, and the outbox of settled jobs.
 *
 * - Endpoints live in one hash per account (`wh:acct:<account>`, id → JSON). Each has its own
 *   signing secret (kept to sign with; shown to the account only when created or rotated), the
 *   event types it wants, the mode of the keys that created it, and its delivery state:
 *   `failing_since` (the first failure after the last success) and, once it has failed for
 *   longer than the configured span, `enabled: false` with `disabled_reason`, which also sets
 *   the account's `webhook_warning` field (the api shows it in a header).
 * - The outbox is a stream (`events`): settle.lua adds an entry for every settled job of an
 *   account that has endpoints, in the same script that settles it, so no settled job is
 *   missed; the worker fleet reads it as one consumer group, turns entries into delivery jobs
 *   and acknowledges them only then (at-least-once). Entries a consumer took and never
 *   acknowledged (it died) are claimed by another after a while.
 */
import type { Redis } from 'ioredis';
import { base62, type KeyKind } from './ids.ts';
import type { Keys } from './keys.ts';
import { guarded } from './redis.ts';

export type WebhookEventType = 'job.settled' | 'batch.settled';

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
  ms: number;
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

/** Adds an endpoint unless the account already has `max` of them. */
const CREATE = `
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/**
 * Records an attempt's outcome on the endpoint: success clears `failing_since`; a failure sets
 * it if unset and disables the endpoint once it is older than ARGV[3] ms, setting the account's
 * warning. Returns 1 when this call disabled it.
 * KEYS: endpoints hash, account hash. ARGV: endpoint id, ok (1/0), disable after ms, reason.
 */
const RECORD = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local e = cjson.decode(raw)
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local disabled = 0
if ARGV[2] == '1' then
  e.failing_since = cjson.null
else
  if e.failing_since == nil or e.failing_since == cjson.null then e.failing_since = now end
  if e.enabled and now - e.failing_since >= tonumber(ARGV[3]) then
    e.enabled = false
    e.disabled_reason = ARGV[4]
    redis.call('HSET', KEYS[2], 'webhook_warning', 'webhook endpoint ' .. ARGV[1] .. ' was disabled: ' .. ARGV[4])
    disabled = 1
  end
end
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(e))
return disabled`;

export type Webhooks = ReturnType<typeof createWebhooks>;

export function createWebhooks(redis: Redis, keys: Keys, opts: { maxEndpoints: number }) {
  const account = (id: string): string => keys.account(id);

  async function all(acct: string): Promise<EndpointRecord[]> {
    const h = await redis.hgetall(keys.webhookEndpoints(acct));
    return Object.values(h).map((v) => JSON.parse(v) as EndpointRecord).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  async function put(acct: string, e: EndpointRecord): Promise<void> {
    await redis.hset(keys.webhookEndpoints(acct), e.id, JSON.stringify(e));
  }

  /** Clears the account's warning when none of its endpoints is disabled any more. */
  async function clearWarningIfHealthy(acct: string): Promise<void> {
    if (!(await all(acct)).some((e) => !e.enabled && e.disabled_reason !== null)) await redis.hdel(account(acct), 'webhook_warning');
  }

  return {
    /** The new endpoint with its secret (shown this once), or null when the account has `maxEndpoints`. */
    create(acct: string, mode: KeyKind, url: string, events: WebhookEventType[], enabled: boolean): Promise<EndpointRecord | null> {
      return guarded(async () => {
        const e: EndpointRecord = {
          id: `we_${base62(22)}`, url, mode, events, enabled, created_at: new Date().toISOString(), secret: newEndpointSecret(), failing_since: null, disabled_reason: null,
        };
        const ok = await redis.eval(CREATE, 1, keys.webhookEndpoints(acct), e.id, JSON.stringify(e), opts.maxEndpoints);
        return ok === 1 ? e : null;
      });
    },

    /** The account's endpoints of one mode (keys of the other mode never see them). */
    list(acct: string, mode: KeyKind): Promise<EndpointRecord[]> {
      return guarded(async () => (await all(acct)).filter((e) => e.mode === mode));
    },

    get(acct: string, mode: KeyKind, id: string): Promise<EndpointRecord | null> {
      return guarded(async () => {
        const raw = await redis.hget(keys.webhookEndpoints(acct), id);
        const e = raw ? (JSON.parse(raw) as EndpointRecord) : null;
        return e && e.mode === mode ? e : null;
      });
    },

    remove(acct: string, mode: KeyKind, id: string): Promise<boolean> {
      return guarded(async () => {
        const raw = await redis.hget(keys.webhookEndpoints(acct), id);
        if (!raw || (JSON.parse(raw) as EndpointRecord).mode !== mode) return false;
        await redis.hdel(keys.webhookEndpoints(acct), id);
        await redis.del(keys.webhookLog(id));
        await clearWarningIfHealthy(acct);
        return true;
      });
    },

    /** A new secret for the endpoint (the old one stops signing at once), or null. */
    rotateSecret(acct: string, mode: KeyKind, id: string): Promise<EndpointRecord | null> {
      return guarded(async () => {
        const raw = await redis.hget(keys.webhookEndpoints(acct), id);
        const e = raw ? (JSON.parse(raw) as EndpointRecord) : null;
        if (!e || e.mode !== mode) return null;
        e.secret = newEndpointSecret();
        await put(acct, e);
        return e;
      });
    },

    /** Enables or disables; enabling clears the failure state and, when nothing else is disabled, the warning. */
    setEnabled(acct: string, mode: KeyKind, id: string, enabled: boolean): Promise<EndpointRecord | null> {
      return guarded(async () => {
        const raw = await redis.hget(keys.webhookEndpoints(acct), id);
        const e = raw ? (JSON.parse(raw) as EndpointRecord) : null;
        if (!e || e.mode !== mode) return null;
        e.enabled = enabled;
        if (enabled) {
          e.failing_since = null;
          e.disabled_reason = null;
        }
        await put(acct, e);
        if (enabled) await clearWarningIfHealthy(acct);
        return e;
      });
    },

    /** Enabled endpoints of the account and mode that want this event type. */
    async subscribed(acct: string, mode: KeyKind, type: WebhookEventType): Promise<EndpointRecord[]> {
      return (await all(acct)).filter((e) => e.mode === mode && e.enabled && e.events.includes(type));
    },

    /** The endpoint whatever its mode (delivery), or null when deleted. */
    async forDelivery(acct: string, id: string): Promise<EndpointRecord | null> {
      const raw = await redis.hget(keys.webhookEndpoints(acct), id);
      return raw ? (JSON.parse(raw) as EndpointRecord) : null;
    },

    /** Logs an attempt and updates the failure state; true when this attempt disabled the endpoint. */
    async recordAttempt(acct: string, id: string, entry: DeliveryLogEntry, disableAfterMs: number): Promise<boolean> {
      const log = keys.webhookLog(id);
      await redis.multi().lpush(log, JSON.stringify(entry)).ltrim(log, 0, LOG_SIZE - 1).pexpire(log, LOG_TTL_MS).exec();
      const hours = Math.round(disableAfterMs / 3_600_000);
      const disabled = await redis.eval(RECORD, 2, keys.webhookEndpoints(acct), account(acct), id, entry.ok ? '1' : '0', disableAfterMs, `every delivery failed for ${hours} h`);
      return disabled === 1;
    },

    deliveries(id: string): Promise<DeliveryLogEntry[]> {
      return guarded(async () => (await redis.lrange(keys.webhookLog(id), 0, LOG_SIZE - 1)).map((v) => JSON.parse(v) as DeliveryLogEntry));
    },

    /** The account's webhook warning, or null. */
    warning(acct: string): Promise<string | null> {
      return guarded(() => redis.hget(account(acct), 'webhook_warning'));
    },

    // ---- outbox -------------------------------------------------------------------------

    async ensureGroup(): Promise<void> {
      try {
        await redis.xgroup('CREATE', keys.events(), GROUP, '0', 'MKSTREAM');
      } catch (err) {
        if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
      }
    },

    /** New entries for this consumer (blocking up to `blockMs`), then ones idle past `claimIdleMs` that others took and never acknowledged. */
    async read(consumer: string, count: number, blockMs: number, claimIdleMs: number): Promise<OutboxEntry[]> {
      const claimed = (await redis.xautoclaim(keys.events(), GROUP, consumer, claimIdleMs, '0', 'COUNT', count)) as [string, Array<[string, string[]] | null>];
      const fresh = claimed[1].length > 0 ? null
        : ((await redis.xreadgroup('GROUP', GROUP, consumer, 'COUNT', count, 'BLOCK', blockMs, 'STREAMS', keys.events(), '>')) as Array<[string, Array<[string, string[]]>]> | null);
      const raw = [...claimed[1].filter((e): e is [string, string[]] => e !== null), ...(fresh?.[0]?.[1] ?? [])];
      return raw.map(([entryId, fields]) => {
        const f: Record<string, string> = {};
        for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
        return { entryId, job: f.job ?? '', account: f.acct ?? '', mode: (f.mode ?? 'live') as KeyKind, batch: f.batch ? f.batch : null };
      });
    },

    async ack(entryIds: string[]): Promise<void> {
      if (entryIds.length === 0) return;
      await redis.xack(keys.events(), GROUP, ...entryIds);
      await redis.xdel(keys.events(), ...entryIds);
    },
  };
}
