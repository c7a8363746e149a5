/**
 * Jest's node environment, plus two things at each test file's end.
 *
 * Timers left to run out: a file's teardown waits, up to TIMER_WAIT_MS, while more timers are
 * pending than when the file began (a library's own: redis-parser shrinks its buffer pool on a
 * 50 ms interval for a second or two after a large reply). A worker whose last file left one
 * would otherwise not exit within the 500 ms Jest gives it, and Jest prints "A worker process
 * has failed to exit gracefully". A timer that outlives the wait is still there to be found.
 *
 * An opt-in leak report: with LISTINGS_LEAK_LOG=<file> set, each
 * test file's teardown waits a moment, then appends to that file the kinds of handles that keep
 * the worker process alive (process.getActiveResourcesInfo: sockets, servers, child processes,
 * ref'd timers) and were not there when the file began. Those are what make Jest print "A worker
 * process has failed to exit gracefully"; the file named is the one that left them. Timers are
 * named too, with their delay and where they were set (an async hook records every timer a
 * file sets). Beside it, `<file>.workers` gets a line per test file with everything the
 * worker holds at that file's end and its process listeners: a worker's last line is what it
 * ends with. The report is off by default (no hook, nothing written).
 */
const { createHook } = require('node:async_hooks');
const { appendFileSync } = require('node:fs');
const { relative } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const LOG = process.env.LISTINGS_LEAK_LOG;
const GRACE_MS = 300;
const TIMER_WAIT_MS = 3000;

const timersNow = () => process.getActiveResourcesInfo().filter((k) => k === 'Timeout').length;

function tally(kinds) {
  const out = new Map();
  for (const k of kinds) out.set(k, (out.get(k) ?? 0) + 1);
  return out;
}

/** A tally as `Kind×n Kind×n`. */
const held = (counts) => [...counts].map(([k, n]) => `${k}×${n}`).join(' ');

// The exit probe (opt-in, cheap: LISTINGS_EXIT_LOG=<file>): once per worker process, from the
// moment Jest asks it to end (its 'message' listener removed, below) until its 'exit' event, a
// line every 100 ms of what it still holds, its heap, and the time since the ask. Jest force-exits a
// worker that has not exited 500 ms after the ask.
const EXIT_LOG = process.env.LISTINGS_EXIT_LOG;
let askedAt = 0;
const exitLine = (what) => {
  if (!EXIT_LOG) return;
  const m = process.memoryUsage();
  appendFileSync(EXIT_LOG, `${process.pid}\t+${Date.now() - askedAt} ms\t${what}\theap ${Math.round(m.heapUsed / 2 ** 20)}/${Math.round(m.heapTotal / 2 ** 20)} MiB rss ${Math.round(m.rss / 2 ** 20)} MiB\t${held(tally(process.getActiveResourcesInfo()))}\tlisteners message ${process.listenerCount('message')} disconnect ${process.listenerCount('disconnect')} beforeExit ${process.listenerCount('beforeExit')}\n`);
};

// A worker's end. Jest asks a worker to end by removing its 'message' listener and then waits
// 500 ms for the process to exit before it kills it and prints "A worker process has failed to
// exit gracefully". A worker that has run some ninety files holds a heap of 1.3-1.7 GB (each
// file's module registry), and Node's own teardown after the 'exit' event (freeing the
// environment and the isolate) took 270-330 ms of that on a quiet machine, over 500 ms on a
// loaded one, with nothing left open: the exit probe above showed the worker at its 'exit'
// event 1 ms after the ask, and Jest's worker pool (timed by hand) saw it gone 266-334 ms later. So once Jest has asked
// and the event loop has emptied of itself ('beforeExit': no handle, no timer is left, which is
// what "gracefully" means), the worker ends with process.exit, which skips that teardown: Jest
// then sees it gone 140-190 ms after the ask (the rest is the system freeing 1.8-2.6 GB). A
// worker that still holds a handle never reaches 'beforeExit' and is force-exited as before:
// the warning still names a real leak.
if (!globalThis.__listingsWorkerEnd) {
  globalThis.__listingsWorkerEnd = true;
  process.on('removeListener', (event) => {
    if (event !== 'message' || askedAt !== 0 || process.listenerCount('message') > 0) return;
    askedAt = Date.now();
    exitLine('asked to end');
    if (EXIT_LOG) setInterval(() => exitLine('still running'), 100).unref();
    process.once('beforeExit', () => {
      exitLine('ending with process.exit');
      process.exit(process.exitCode ?? 0);
    });
  });
  process.on('exit', () => exitLine('exit'));
}

class LeakReportingEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = relative(config.projectConfig?.rootDir ?? process.cwd(), context.testPath);
  }

  async setup() {
    await super.setup();
    this.timersBefore = timersNow();
    if (!LOG) return;
    this.before = tally(process.getActiveResourcesInfo());
    this.socketsBefore = new Set(process._getActiveHandles());
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
    for (const until = Date.now() + TIMER_WAIT_MS; timersNow() > this.timersBefore && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 25));
    if (!LOG) return;
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    const after = tally(process.getActiveResourcesInfo());
    const left = [];
    for (const [kind, n] of after) {
      const extra = n - (this.before.get(kind) ?? 0);
      if (extra > 0) left.push(`${kind}×${extra}`);
    }
    this.hook.disable();
    // What this worker holds now, whatever file made it: the last line of a worker is what it ends with.
    appendFileSync(`${LOG}.workers`, `${process.pid}\t${this.testPath}\t${held(after)}\tmessage listeners ${process.listenerCount('message')}, beforeExit ${process.listenerCount('beforeExit')}, exit ${process.listenerCount('exit')}\n`);
    const timers = [...this.timers.values()]
      .filter(({ resource }) => !resource._destroyed && resource.hasRef?.() !== false)
      .map(({ resource, stack }) => {
        const frames = stack.split('\n').slice(1).map((l) => l.trim()).filter((l) => !/node:internal|leak-environment|\(node:timers|at new Timeout|at setTimeout|at setInterval/u.test(l));
        return `    timer ${resource._idleTimeout} ms${resource._repeat ? ' (repeating)' : ''}: ${frames.slice(0, 4).join(' < ')}`;
      });
    // Sockets still open, by their ends (a Redis connection, an HTTP server's side, a client's).
    const sockets = left.some((k) => k.startsWith('TCPSocketWrap'))
      ? process._getActiveHandles().filter((h) => h && typeof h.remotePort === 'number' && !this.socketsBefore.has(h))
        .map((h) => `    socket ${h.localAddress}:${h.localPort} → ${h.remoteAddress}:${h.remotePort}`)
      : [];
    const detail = [...timers, ...sockets];
    if (left.length > 0) appendFileSync(LOG, `${this.testPath}\t${left.join(' ')}\n${detail.length > 0 ? `${detail.join('\n')}\n` : ''}`);
  }
}

module.exports = LeakReportingEnvironment;
