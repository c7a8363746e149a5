// @ts-check
/**
 * The price figures of @listings/sdk/stats (packages/sdk/src/stats.js), which the api serves at
 * /console/vendor/listings-stats.js as the SDK's own file (routes/console.ts). Here, for Node
 * and the type-checker, the same module is reached through the package: the page, the SDK's
 * clients and the server's batch summaries share one median.
 */
export { median, usdAmount } from '@listings/sdk/stats';
