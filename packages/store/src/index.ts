/**
 * @module @listings/store
 * The Redis data model; nothing else knows Redis keys. This index exports what the services
 * and the operator's tools use (the architecture test holds it to that); what only tests and
 * benchmarks reach for is exported by `@listings/store/testing` (testing.ts).
 */
export { createStore, type Store, type Mode, type AuthOutcome, type SubmitOutcome, type JobRecord, type SearchCallOutcome } from './store.ts';
export { createAccounts, AccountError, type Accounts, type Account, type KeyInfo, type IssuedKey } from './accounts/accounts.ts';
export { connectRedis, bullConnection, whenReady, guarded, guardedWithin, withinRequestBound, StorageUnavailableError, COMMAND_TIMEOUT_MS } from './redis.ts';
export { newId, isId, base62, isApiKeyShape, hashApiKey, hashIdempotencyKey, type KeyKind } from './ids.ts';
export { createSearchRecorder, describeSearch, REFUSALS, type SearchRecorder, type ParsedSearch } from './record-search.ts';
export { createSettledWaiters, type Waiters } from './settled.ts';
export { queueName, queuePrefix, upstreamBackoffMs, UPSTREAM_BACKOFF, createCollectionQueues, type CollectionQueues } from './queues.ts';
export { readFleet, FLEET_QUEUE_STATES } from './fleet/fleet.ts';
export { createBatches, type Batches, type BatchItemSpec, type ItemOutcome, type ItemFacts } from './batches/batches.ts';
export { createWebhooks, viewOf as endpointView, type Webhooks, type EndpointRecord, type OutboxEntry, type WebhookEventType, type FairnessLimits } from './webhooks/webhooks.ts';
export { readBatchState, itemView, ownedJob, batchStatus, batchCounts, isoWithOffset, type BatchView, type ItemView, type ItemStatus } from './batches/batch-state.ts';
export { createKeptPages, type KeptPages, type KeptPage } from './kept-pages.ts';
export { lostConnectionHealth, endProcessWhenConnectionLost } from './connections.ts';
export { createWatches, type Watches, type WatchRecord, type WatchStatus, type WatchFields, type WatchPatch, type RunRecord, type MatchSummary, type EventDelivery } from './watches/watches.ts';
export { createWatchSchedules, WATCH_QUEUE, type WatchSchedules, type WatchRunJobData } from './watches/schedules.ts';
export { chargeHistoryRead } from './ledger/history-charge.ts';
export { watchRedisMemory, refuseEvictingRedis, isOomError, EvictingRedisError, MEMORY_RETRY_AFTER_SECONDS, type MemoryWatch } from './redis-memory.ts';
export { legacyStorage } from './results/bodies.ts';
