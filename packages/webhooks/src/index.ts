/**
 * @module @listings/webhooks
 * Webhook events, their signatures, where deliveries may go, when they are retried, and one
 * delivery attempt. Pure but for deliver.ts (one POST); endpoints and the outbox live in the
 * store, the delivery queue in the worker.
 */
export { signature, verifySignature, SIGNATURE_HEADER, DEFAULT_TOLERANCE_SECONDS, type VerifyResult } from './sign.ts';
export { isForbiddenAddress } from './address.ts';
export { endpointUrlProblem, MAX_URL_LENGTH, type Mode } from './url.ts';
export { retryDelayMs, nominalDelayMs, attemptsWithin, FIRST_DELAY_MS, MAX_DELAY_MS } from './schedule.ts';
export { deliver, systemResolver, MAX_RESPONSE_BYTES, type DeliveryRequest, type DeliveryOutcome, type Resolver } from './deliver.ts';
export { EVENT_TYPES, isEventType, jobSettledEvent, batchSettledEvent, resultWithoutRows, type EventType, type WebhookEvent, type JobSummary, type BatchSummary } from './events.ts';
