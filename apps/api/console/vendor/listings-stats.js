// @ts-check
/**
 * The price figures of @listings/common/stats (packages/common/src/stats.js), which the api
 * serves at /console/vendor/listings-stats.js as that very file (routes/console.ts). Here, for
 * Node and the type-checker, the same module is reached through the package: the page, the
 * SDK's clients (its copy of the file) and the server's batch summaries share one median.
 */
export { median, usdAmount } from '@listings/common/stats';
