/**
 * Jest's node environment, plus an opt-in leak report: with LISTINGS_LEAK_LOG=<file> set, each
 * test file's teardown waits a moment, then appends to that file the kinds of handles that keep
 * the worker process alive (process.getActiveResourcesInfo: sockets, servers, child processes,
 * ref'd timers) and were not there when the file began. Those are what make Jest print "A worker
 * process has failed to exit gracefully"; the file named is the one that left them. Off by
 * default (no wait, nothing written).
 */
const { appendFileSync } = require('node:fs');
const { relative } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const LOG = process.env.LISTINGS_LEAK_LOG;
const GRACE_MS = 300;

function tally(kinds) {
  const out = new Map();
  for (const k of kinds) out.set(k, (out.get(k) ?? 0) + 1);
  return out;
}

class LeakReportingEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = relative(config.projectConfig?.rootDir ?? process.cwd(), context.testPath);
  }

  async setup() {
    await super.setup();
    if (LOG) this.before = tally(process.getActiveResourcesInfo());
  }

  async teardown() {
    await super.teardown();
    if (!LOG) return;
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    const after = tally(process.getActiveResourcesInfo());
    const left = [];
    for (const [kind, n] of after) {
      const extra = n - (this.before.get(kind) ?? 0);
      if (extra > 0) left.push(`${kind}×${extra}`);
    }
    if (left.length > 0) appendFileSync(LOG, `${this.testPath}\t${left.join(' ')}\n`);
  }
}

module.exports = LeakReportingEnvironment;
