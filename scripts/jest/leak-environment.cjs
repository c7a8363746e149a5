/**
 * Jest's node environment, plus an opt-in leak report: with LISTINGS_LEAK_LOG=<file> set, each
 * test file's teardown waits a moment, then appends to that file the kinds of handles that keep
 * the worker process alive (process.getActiveResourcesInfo: sockets, servers, child processes,
 * ref'd timers) and were not there when the file began. Those are what make Jest print "A worker
 * process has failed to exit gracefully"; the file named is the one that left them. Timers are
 * named too, with their delay and where they were set (an async hook records every timer a
 * file sets). Off by default (no hook, no wait, nothing written).
 */
const { createHook } = require('node:async_hooks');
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
    if (!LOG) return;
    this.before = tally(process.getActiveResourcesInfo());
    this.timers = new Map();
    this.hook = createHook({
      init: (id, type, _trigger, resource) => {
        if (type === 'Timeout') this.timers.set(id, { resource, stack: new Error().stack ?? '' });
      },
      destroy: (id) => this.timers.delete(id),
    }).enable();
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
    this.hook.disable();
    const timers = [...this.timers.values()]
      .filter(({ resource }) => !resource._destroyed && resource.hasRef?.() !== false)
      .map(({ resource, stack }) => {
        const frames = stack.split('\n').slice(1).map((l) => l.trim()).filter((l) => !/node:internal|leak-environment|\(node:timers|at new Timeout|at setTimeout|at setInterval/u.test(l));
        return `    timer ${resource._idleTimeout} ms${resource._repeat ? ' (repeating)' : ''}: ${frames.slice(0, 4).join(' < ')}`;
      });
    if (left.length > 0) appendFileSync(LOG, `${this.testPath}\t${left.join(' ')}\n${timers.length > 0 ? `${timers.join('\n')}\n` : ''}`);
  }
}

module.exports = LeakReportingEnvironment;
