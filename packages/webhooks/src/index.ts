/**
 * @module @listings/webhooks
 * Webhook events, their signatures, where deliveries may go, when they are retried, and one
 * delivery attempt. Pure but for deliver.ts (one POST); endpoints and the outbox live in the
 * store, the delivery queue in the worker.
 */
export { signature, verifySignature, SIGNATURE_HEADER, DEFAULT_TOLERANCE_SECONDS, type VerifyResult } from './sign.ts';
export { isForbiddenAddress, isLoopbackAddress, isLocalhostName } from './address.ts';
export { endpointUrlProblem, isSandboxLoopbackUrl, MAX_URL_LENGTH, type Mode, type UrlRules } from './url.ts';
export { retryDelayMs, nominalDelayMs, attemptsWithin, FIRST_DELAY_MS, MAX_DELAY_MS } from './schedule.ts';
export { deliver, logged, systemResolver, MAX_RESPONSE_BYTES, LOOPBACK_FAILURE, type DeliveryRequest, type DeliveryOutcome, type Resolver } from './deliver.ts';
export { EVENT_TYPES, isEventType, jobSettledEvent, batchSettledEvent, watchMatchedEvent, resultWithoutRows, type EventType, type WebhookEvent, type JobSummary, type BatchSummary } from './events.ts';
export { type WatchMatchedData, type WatchSummary, type WatchRunSummary, type WatchMatch } from './watch-event.ts';
