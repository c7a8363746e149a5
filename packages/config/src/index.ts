/**
 * @module @listings/config
 * The one validated place where api and worker read their settings.
 */
export { loadConfig, loadConfigOrExit, configMarkdown, flagsToEnv, FIELDS, ConfigError, type Config } from './config.ts';
export { loggerOptions, scrubText, REDACT_PATHS, REDACTED } from './logging.ts';
