/**
 * @module @listings/contract
 * The interface as data and code shared by api and worker: routes, parameter tables,
 * validation, error catalog, result and job types, signed cursors, the OpenAPI description,
 * and the ports both sides of a seam implement or use (the HttpClient adapters fetch with).
 */
export { TOKENS, ROUTES, findRoute, isToken, type Token, type Kind, type RouteId, type RouteInfo } from './routes.ts';
export { API_ERRORS, JOB_ERRORS, DEFAULT_RETRY_AFTER, ApiError, type ApiErrorCode, type JobErrorCode, type ErrorBody } from './errors.ts';
export { PARAM_TABLES, paramTable, type ParamSpec, type ParamValue } from './params.ts';
export { paramSchema, routeInputSchema } from './schema.ts';
export { validateSearch, readStoredSearch, queryPairs, decodeFormComponent, type ValidateOptions } from './validate.ts';
export { normalizeQuery, searchIdentity, pageIdentity } from './normalize.ts';
export { signCursor, verifyCursor, type CursorPayload } from './cursor.ts';
export type { Search, Result, ResultCore, ResultExtras, Row, Money, JobEnvelope, JobStatus } from './types.ts';
export {
  CollectionError, TransientUpstreamError, UpstreamTimeoutError, UpstreamThrottledError, BlockedError,
  LayoutChangedError, NonUsPageError, PageOutOfRangeError, FilterNotSupportedError, CursorRejectedError, CollectionUnavailableError,
} from './collection-errors.ts';
export type { HttpClient, UpstreamRequest, UpstreamResponse } from './http-client.ts';
export { PLAN_NAMES, DEFAULT_PLANS, DEFAULT_WATCH_LIMITS, isPlanName, RATE_LIMIT, type Plan, type PlanName } from './plans.ts';
export { openApiDocument } from './openapi.ts';
export { type OpenApiOptions } from './openapi.ts';
export { ROW_SCHEMAS, MONEY_SCHEMA, MKT_E_EXTRAS, resultSchema, resultComponents, routeSchemaName, checkResult, describeMismatches, type SchemaMismatch } from './rows.ts';
export { RESULT_EXAMPLES } from './examples.ts';
export { COMP_KINDS, JUDGEMENT_FIELDS, COMPS_RESULT_FIELDS, COMPS_SCHEMA, PRICE_FIGURES_SCHEMA, type CompKindName } from './comps.ts';
export { API_ERROR_ADVICE, JOB_ERROR_ADVICE } from './error-advice.ts';
export { NO_RULES, RULE_NAMES, RULE_LIST_MAX, RULE_VALUE_MAX_LENGTH, passesRules, titleHas, wordText, displayedCents, type WatchRules } from './watch-rules.ts';
export { HISTORY_TOKENS, HISTORY_CONDITION_CODES, historyPaths, historySchemas } from './history-schemas.ts';
