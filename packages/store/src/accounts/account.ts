/**
 * @module account
 * An account and its API keys as read back (accounts.ts, api-keys.ts), and the refusal of an
 * unknown one.
 */
import type { PlanName } from '@listings/contract';
import type { KeyKind } from '../ids.ts';
import { StoreRefusal } from '../redis.ts';

export interface Account {
  id: string;
  name: string;
  plan: PlanName;
  status: 'active' | 'suspended';
  origins: string[];
  extra: { live: number; sandbox: number };
  createdAt: string;
}

export interface KeyInfo {
  id: string;
  kind: KeyKind;
  label: string;
  createdAt: string;
  /** First characters of the key, enough to recognize it, never enough to use it. */
  preview: string;
}

export interface IssuedKey extends KeyInfo {
  /** The key itself: shown once, never stored. */
  secret: string;
}

/** An unknown account or key, or a bad value: the caller's mistake, not a storage fault. */
export class AccountError extends StoreRefusal {}

