/**
 * @module settled
 * The one subscription to the `settled` channel a process needs: it wakes whatever waits on a
 * job the moment the job settles on any worker (the api's `wait` polls and batch polls, the
 * worker's watch runs waiting for their search). Messages are comma-separated job ids,
 * followed by `|<result id>` when they completed, or `b:<batch id>` (settle.lua); an in-memory
 * map goes from id to what waits on it. No sleep loop. The result id lets a woken poll read its
 * job and its result in one round trip.
 */
import { connectRedis } from './redis.ts';

export interface Wait {
  /** True when the id was announced, false on timeout, abort or cancel. */
  done: Promise<boolean>;
  /** The result id announced with a completed job (known once `done` resolved true). */
  resultId: string | null;
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

type Wake = (announced: boolean, resultId?: string | null) => void;

/**
 * Subscribes to `channel` (`keys.settledChannel()`) on a connection of its own named `name`
 * (CLIENT LIST; a connection lost for good is reported by that name).
 */
export function createSettledWaiters(redisUrl: string, channel: string, name: string): Waiters {
  const sub = connectRedis(redisUrl, { failFast: false, name });
  const waiting = new Map<string, Set<Wake>>();
  let held = 0;
  void sub.subscribe(channel).catch(() => undefined);
  sub.on('message', (_ch: string, message: string) => {
    const bar = message.indexOf('|');
    const rid = bar < 0 ? null : message.slice(bar + 1);
    for (const id of (bar < 0 ? message : message.slice(0, bar)).split(',')) {
      const set = waiting.get(id);
      if (set) for (const wake of [...set]) wake(true, rid);
    }
  });

  return {
    wait(id, ms, signal) {
      let resolveDone!: (announced: boolean) => void;
      const done = new Promise<boolean>((resolve) => { resolveDone = resolve; });
      let finished = false;
      const wake: Wake = (announced, resultId = null) => {
        if (finished) return;
        finished = true;
        handle.resultId = resultId;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const set = waiting.get(id);
        set?.delete(wake);
        if (set?.size === 0) waiting.delete(id);
        held--;
        resolveDone(announced);
      };
      const handle: Wait = { done, resultId: null, cancel: () => wake(false) };
      const onAbort = (): void => wake(false);
      const timer = setTimeout(() => wake(false), ms);
      let set = waiting.get(id);
      if (!set) waiting.set(id, (set = new Set()));
      set.add(wake);
      held++;
      if (signal?.aborted) wake(false);
      else signal?.addEventListener('abort', onAbort, { once: true });
      return handle;
    },
    size: () => held,
    async close() {
      for (const set of [...waiting.values()]) for (const wake of [...set]) wake(false);
      sub.disconnect();
    },
  };
}
