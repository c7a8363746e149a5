/**
 * @module waiters
 * Wakes `wait` polls the moment a job settles on any worker: one Redis subscription per api
 * process on the `settled` channel (messages are comma-separated job ids, or `b:<batch id>`),
 * and an in-memory map from id to the polls waiting on it. No sleep loop.
 */
import { connectRedis } from '@listings/store';

export interface Wait {
  /** True when the id was announced, false on timeout, abort or cancel. */
  done: Promise<boolean>;
  cancel(): void;
}

export interface Waiters {
  /**
   * Waits up to `ms` for `id` to be announced. Register before reading the job's state, so a
   * settle between the read and the wait is never missed.
   */
  wait(id: string, ms: number, signal?: AbortSignal): Wait;
  /** Polls currently held open. */
  size(): number;
  close(): Promise<void>;
}

type Wake = (announced: boolean) => void;

export function createWaiters(redisUrl: string, channel: string): Waiters {
  const sub = connectRedis(redisUrl, { failFast: false, name: 'listings-api-sub' });
  const waiting = new Map<string, Set<Wake>>();
  let held = 0;
  void sub.subscribe(channel).catch(() => undefined);
  sub.on('message', (_ch: string, message: string) => {
    for (const id of message.split(',')) {
      const set = waiting.get(id);
      if (set) for (const wake of [...set]) wake(true);
    }
  });

  return {
    wait(id, ms, signal) {
      let wake!: Wake;
      const done = new Promise<boolean>((resolve) => {
        let finished = false;
        wake = (announced) => {
          if (finished) return;
          finished = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const set = waiting.get(id);
          set?.delete(wake);
          if (set?.size === 0) waiting.delete(id);
          held--;
          resolve(announced);
        };
      });
      const onAbort = (): void => wake(false);
      const timer = setTimeout(() => wake(false), ms);
      let set = waiting.get(id);
      if (!set) waiting.set(id, (set = new Set()));
      set.add(wake);
      held++;
      if (signal?.aborted) wake(false);
      else signal?.addEventListener('abort', onAbort, { once: true });
      return { done, cancel: () => wake(false) };
    },
    size: () => held,
    async close() {
      for (const set of [...waiting.values()]) for (const wake of [...set]) wake(false);
      sub.disconnect();
    },
  };
}
