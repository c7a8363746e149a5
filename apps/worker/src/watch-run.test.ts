/**
 * The watch run processor's order of steps (watch-run.ts `processWatchRun`), without BullMQ or
 * Redis: each step a test double that records it was called and answers as the case says.
 */
import type { RunRecord, WatchRecord } from '@listings/store';
import { processWatchRun, type StepResult, type WatchRunSteps } from './watch-run.ts';

const watch = { id: 'wat_1', account: 'acct_1', mode: 'sandbox' } as WatchRecord;
const run = (over: Partial<RunRecord> = {}): RunRecord => ({
  period: 60_000, status: 'running', started_at: '', finished_at: null, request_id: null, credits: 0, cached: false, rows: null,
  baseline: false, superseded: false, matches: [], event_id: 'evt_watch_1', event: null, event_delivery: null, error: null, ...over,
});

/** Steps answering from `answers`; `calls` lists the steps run, in order. */
function steps(answers: {
  claim: Awaited<ReturnType<WatchRunSteps['claim']>>;
  submit?: StepResult;
  compare?: RunRecord | null;
  finish?: RunRecord;
}): WatchRunSteps & { calls: string[] } {
  const calls: string[] = [];
  const step = <T>(name: string, answer: T | undefined): Promise<T> => {
    calls.push(name);
    if (answer === undefined) throw new Error(`step ${name} was not expected`);
    return Promise.resolve(answer);
  };
  return {
    calls,
    claim: () => step('claim', answers.claim),
    submit: () => step('submit', answers.submit),
    compare: () => step('compare', answers.compare),
    finish: () => step('finish', answers.finish),
  };
}

const job = { watchId: 'wat_1', period: 60_000 };
const signal = new AbortController().signal;

test('a new run: claim, submit, compare, finish; its outcome is the run\'s status', async () => {
  const s = steps({
    claim: { watch, run: run() },
    submit: { next: run({ request_id: 'req_1' }) },
    compare: run({ request_id: 'req_1', status: 'complete', event: '{"id":"evt_watch_1"}' }),
    finish: run({ request_id: 'req_1', status: 'complete', event_delivery: 'queued' }),
  });
  expect(await processWatchRun(s, job, signal)).toBe('complete');
  expect(s.calls).toEqual(['claim', 'submit', 'compare', 'finish']);
});

test('a run that found nothing queues no event: no finish step', async () => {
  const s = steps({ claim: { watch, run: run() }, submit: { next: run({ request_id: 'req_1' }) }, compare: run({ request_id: 'req_1', status: 'complete' }) });
  expect(await processWatchRun(s, job, signal)).toBe('complete');
  expect(s.calls).toEqual(['claim', 'submit', 'compare']);
});

test('nothing to run: the claim\'s outcome, no other step', async () => {
  for (const outcome of ['gone', 'paused', 'duplicate'] as const) {
    const s = steps({ claim: { outcome } });
    expect(await processWatchRun(s, job, signal)).toBe(outcome);
    expect(s.calls).toEqual(['claim']);
  }
});

test('a refused search ends the run at submit: skipped or failed, nothing compared', async () => {
  const skipped = steps({ claim: { watch, run: run() }, submit: { stop: run({ status: 'skipped', error: { code: 'quota_exceeded', message: '' } }) } });
  expect(await processWatchRun(skipped, job, signal)).toBe('skipped');
  expect(skipped.calls).toEqual(['claim', 'submit']);
  const failed = steps({ claim: { watch, run: run() }, submit: { stop: run({ status: 'failed', error: { code: 'queue_full', message: '' } }) } });
  expect(await processWatchRun(failed, job, signal)).toBe('failed');
});

test('a resumed run: with its job it goes on at compare; complete with its event unsent, at finish; ended, nowhere', async () => {
  const atCompare = steps({ claim: { watch, run: run({ request_id: 'req_1' }) }, compare: run({ request_id: 'req_1', status: 'failed' }) });
  expect(await processWatchRun(atCompare, job, signal)).toBe('failed');
  expect(atCompare.calls).toEqual(['claim', 'compare']);
  const atFinish = steps({ claim: { watch, run: run({ request_id: 'req_1', status: 'complete', event: '{}' }) }, finish: run({ request_id: 'req_1', status: 'complete' }) });
  expect(await processWatchRun(atFinish, job, signal)).toBe('complete');
  expect(atFinish.calls).toEqual(['claim', 'finish']);
  const ended = steps({ claim: { watch, run: run({ status: 'skipped', superseded: true }) } });
  expect(await processWatchRun(ended, job, signal)).toBe('skipped');
  expect(ended.calls).toEqual(['claim']);
});

test('another worker holds the run, or the watch went: the attempt throws (a retry resumes), or the run is gone', async () => {
  const held = steps({ claim: { watch, run: run() }, submit: { stop: run({ request_id: 'req_2' }) } });
  await expect(processWatchRun(held, job, signal)).rejects.toThrow('still running elsewhere');
  expect(held.calls).toEqual(['claim', 'submit']);
  const gone = steps({ claim: { watch, run: run() }, submit: { next: run({ request_id: 'req_1' }) }, compare: null });
  expect(await processWatchRun(gone, job, signal)).toBe('gone');
  const goneAtSubmit = steps({ claim: { watch, run: run() }, submit: { stop: null } });
  expect(await processWatchRun(goneAtSubmit, job, signal)).toBe('gone');
});
