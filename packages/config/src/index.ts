/**
 * @module @listings/config
 * The one validated place where api and worker read their settings.
 */
export { loadConfig, loadConfigOrExit, configMarkdown, flagsToEnv, problemLine, sweepStaleMs, defaultSweepStaleMs, SWEEP_STALE_FORMULA, FIELDS, ConfigError, type Config } from './config.ts';
export { loggerOptions, scrubText, scrubUrl, REDACT_PATHS, REDACTED } from './logging.ts';
export { metricsAuthorized, oncePerInterval } from './metrics.ts';
