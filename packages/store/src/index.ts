/**
 * @module @listings/store
 * The Redis data model; nothing else knows Redis keys.
 */
export { createStore, installScripts, type Store, type StoreOptions, type Mode, type AuthOutcome, type SubmitInput, type SubmitOutcome, type SettleInput, type JobRecord, type CollectionRecord, type SearchCallInput, type SearchCallOutcome, ResultBodyMemo, ledgerCount, LEDGER_HOURS } from './store.ts';
export { createAccounts, AccountError, type Accounts, type Account, type KeyInfo, type IssuedKey } from './accounts.ts';
export { connectRedis, bullConnection, whenReady, guarded, guardedWithin, withinRequestBound, StorageUnavailableError, StoreRefusal, COMMAND_TIMEOUT_MS, SCRIPT_DEADLINE_MS, type ConnectOptions } from './redis.ts';
export { newId, isId, base62, newApiKey, isApiKeyShape, hashApiKey, hashIdempotencyKey, type IdKind, type KeyKind } from './ids.ts';
export { createKeys, type Keys } from './keys.ts';
export { createSearchRecorder, describeSearch, refusalOf, REFUSALS, type SearchRecorder, type RecorderDeps, type RecordingSettings, type ParsedSearch, type SearchFields, type SearchToRecord, type Refusal } from './record-search.ts';
export { createSettledWaiters, type Waiters, type Wait } from './settled.ts';
export { queueName, queuePrefix, collectionJobOptions, upstreamBackoffMs, UPSTREAM_BACKOFF, createCollectionQueues, type CollectionQueues, type RetryPolicy } from './queues.ts';
export { readFleet, FLEET_QUEUE_STATES, type FleetRow, type FleetQueueState } from './fleet.ts';
export { createBatches, type Batches, type BatchRecord, type BatchItemSpec, type BatchItemState, type ItemOutcome, type ItemFacts, type CreateBatchInput, type CreateBatchOutcome } from './batches.ts';
export { createWebhooks, viewOf as endpointView, GROUP as WEBHOOK_GROUP, type Webhooks, type EndpointRecord, type EndpointView, type DeliveryLogEntry, type OutboxEntry, type WebhookEventType, type FairnessLimits, type Admission, type CreateOutcome, type CreateInput, createFingerprint } from './webhooks/webhooks.ts';
export { readBatchState, itemView, ownedJob, batchStatus, batchCounts, isoWithOffset, type BatchView, type ItemView, type ItemStatus } from './batch-state.ts';
export { createKeptPages, keptHeaders, type KeptPages, type KeptPage, type KeptPageFacts, type KeptPagesOptions } from './kept-pages.ts';
export { writesFenced, onFenceTimeout, PRIMARY_CHECK_MS } from './primary-follow.ts';
export { lostConnections, onConnectionLost, TrackedRedis, resetLostConnections, lostConnectionHealth, endProcessWhenConnectionLost, type LostConnection } from './connections.ts';
export { sentinelTarget, sentinelOptions, connectionOptions, type SentinelTarget } from './redis-url.ts';
export { createWatches, watchKeys, NO_RULES, RUNS_KEPT, type Watches, type WatchRecord, type WatchRules, type WatchStatus, type WatchFields, type WatchPatch, type RunRecord, type RunStatus, type MatchSummary, type EventDelivery, type ComparedRow, type Comparison, type CreateWatchOutcome, type ClaimOutcome } from './watches/watches.ts';
export { createWatchSchedules, WATCH_QUEUE, WATCH_RUN_JOB_OPTIONS, type WatchSchedules, type WatchRunJobData } from './watches/schedules.ts';
export { chargeHistoryRead } from './history-charge.ts';
export { watchRedisMemory, readRedisMemory, refuseEvictingRedis, evictionRefusal, memoryState, parseMemoryInfo, isOomError, EvictingRedisError, WARN_RATIO, REFUSE_RATIO, MEMORY_RETRY_AFTER_SECONDS, type MemoryWatch, type MemoryState, type RedisMemory } from './redis-memory.ts';
export { packBody, unpackBody, isPacked, legacyStorage } from './bodies.ts';
