/**
 * @module rows
 * Reads what the judgement needs from a row of any route (packages/contract rows.ts).
 */
import { usdAmount } from '@listings/sdk/stats';
import type { JudgeRow } from './types.ts';

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

export function judgeRowOf(row: Readonly<Record<string, unknown>>): JudgeRow {
  return {
    title: str(row.title),
    condition: str(row.condition),
    category: str(row.category_id),
    price: usdAmount(row),
    brand: str(row.brand),
    vehicleMiles: typeof row.vehicle_miles === 'number' && Number.isFinite(row.vehicle_miles) ? row.vehicle_miles : null,
  };
}
