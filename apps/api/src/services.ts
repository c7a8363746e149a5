/**
 * @module services
 * The composition root of an api process: one typed object with every dependency, built once
 * from the configuration and handed to the routes (unkey's ServiceContext). Routes never
 * construct clients themselves.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { DEFAULT_PLANS, isPlanName, type Plan, type Token } from '@listings/contract';
import type { Config } from '@listings/config';
import type { Marketplace } from '@listings/marketplaces';
import { connectRedis, createAccounts, createStore, type Accounts, type Store } from '@listings/store';
import { createWaiters, type Waiters } from './services/waiters.ts';

export interface Queues {
  /** Hands a recorded collection to its marketplace's queue (idempotent: the job id is the collection id). */
  add(token: Token, collectionId: string): Promise<void>;
  close(): Promise<void>;
}

export interface Services {
  config: Config;
  store: Store;
  accounts: Accounts;
  marketplaces: Readonly<Record<Token, Marketplace>>;
  queues: Queues;
  waiters: Waiters;
  logger: Logger;
  plan(name: string): Plan;
  close(): Promise<void>;
}

export function queueName(token: Token): string {
  return `collect-${token}`;
}

/** BullMQ producers, one queue per marketplace, on their own connection. */
export function createQueues(redisUrl: string, prefix: string): Queues {
  const conn = connectRedis(redisUrl, { name: 'listings-api-queue' });
  const queues = new Map<Token, Queue>();
  const get = (token: Token): Queue => {
    let q = queues.get(token);
    if (!q) {
      q = new Queue(queueName(token), { connection: conn, prefix: `${prefix}bull` });
      q.on('error', () => undefined);
      queues.set(token, q);
    }
    return q;
  };
  return {
    async add(token, collectionId) {
      await get(token).add('collect', { collectionId }, { jobId: collectionId, removeOnComplete: { age: 3600, count: 10000 }, removeOnFail: { age: 86400 } });
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      conn.disconnect();
    },
  };
}

export function createServices(config: Config, marketplaces: Readonly<Record<Token, Marketplace>>, opts: { logger?: Logger } = {}): Services {
  const logger = opts.logger ?? pino({ level: config.logLevel, base: { svc: 'api' } });
  const redis: Redis = connectRedis(config.redisUrl, { name: 'listings-api' });
  const store = createStore(redis, { prefix: config.keyPrefix });
  const accounts = createAccounts(redis, config.keyPrefix);
  const queues = createQueues(config.redisUrl, config.keyPrefix);
  const waiters = createWaiters(config.redisUrl, store.keys.settledChannel());
  return {
    config, store, accounts, marketplaces, queues, waiters, logger,
    plan(name) {
      const plan = isPlanName(name) ? name : 'free';
      return { pendingCap: DEFAULT_PLANS[plan].pendingCap, allowance: config.planAllowances[plan] };
    },
    async close() {
      await waiters.close();
      await queues.close();
      redis.disconnect();
    },
  };
}
