/**
 * @module mkt_a/time
 * Dates and times on eBay cards, resolved against the collection time: year-less sold dates
 * (`Sold  Mar 7`), auction time left (`2d 4h`, `9m left`) and auction end clocks
 * (`(Today 03:39 PM)`, in a time zone the page does not name).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_MS = 86_400_000;

function monthIndex(name: string): number {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i;
}

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m && t.getUTCDate() === d;
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export type Caption = { kind: 'sold'; dateText: string } | { kind: 'ended'; dateText: string } | { kind: 'other' };

/** Classifies a card caption: `Sold  Mar 7, 2026`, `Ended  Oct 27, 2025`, or a signal such as `NEW LOW PRICE`. */
export function readCaption(caption: string): Caption {
  const m = /^(Sold|Ended)\b:?\s*(.*)$/iu.exec(caption.trim());
  if (!m) return { kind: 'other' };
  return { kind: m[1]!.toLowerCase() === 'sold' ? 'sold' : 'ended', dateText: m[2]!.trim() };
}

/**
 * A sold date text → `YYYY-MM-DD`. With a year (`Mar 7, 2026`, `28 Sep 2026`) that date; without
 * one (`Mar 7`) the most recent such date on or before the collection day (UTC; US dates are
 * never ahead of the UTC date). Null when the text is not a date.
 */
export function resolveSoldDate(dateText: string, now: Date): string | null {
  const t = dateText.trim();
  let month: number;
  let day: number;
  let year: number | null;
  const monthFirst = /^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?$/u.exec(t);
  const dayFirst = /^(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?(?:,?\s+(\d{4}))?$/u.exec(t);
  if (monthFirst) {
    month = monthIndex(monthFirst[1]!);
    day = Number(monthFirst[2]);
    year = monthFirst[3] ? Number(monthFirst[3]) : null;
  } else if (dayFirst) {
    month = monthIndex(dayFirst[2]!);
    day = Number(dayFirst[1]);
    year = dayFirst[3] ? Number(dayFirst[3]) : null;
  } else {
    return null;
  }
  if (month < 0) return null;
  if (year !== null) return validDate(year, month, day) ? iso(year, month, day) : null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Eight years back always reaches a Feb 29.
  for (let y = now.getUTCFullYear(); y >= now.getUTCFullYear() - 8; y--) {
    if (validDate(y, month, day) && Date.UTC(y, month, day) <= today) return iso(y, month, day);
  }
  return null;
}

export interface TimeLeft {
  /** Seconds left; 0 when the auction has ended. */
  seconds: number;
  ended: boolean;
  /** Size of the smallest unit shown, in seconds (`2d 4h` → 3600): how precise `seconds` is. */
  resolution: number;
}

const UNIT: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/** `2d 4h`, `9m left`, `33s left`, `Ended` → seconds left; null when not a time-left text. */
export function readTimeLeft(s: string): TimeLeft | null {
  const t = s.trim();
  if (/^ended$/iu.test(t)) return { seconds: 0, ended: true, resolution: 1 };
  const body = t.replace(/\s*left$/iu, '');
  if (!/^(\d+\s*[dhms]\s*)+$/iu.test(body)) return null;
  let seconds = 0;
  let resolution = Infinity;
  for (const m of body.matchAll(/(\d+)\s*([dhms])/giu)) {
    const unit = UNIT[m[2]!.toLowerCase()]!;
    seconds += Number(m[1]) * unit;
    resolution = Math.min(resolution, unit);
  }
  return { seconds, ended: false, resolution };
}

export interface Clock {
  /** 0 today, 1 tomorrow, -1 yesterday, or a weekday to count to. */
  day: { offset: number } | { weekday: number };
  /** Minutes after local midnight. */
  minutes: number;
}

/** `(Today 03:39 PM)`, `(Fri, 09:00 AM)`, `(Tomorrow 18:05)` → a local clock reading. */
export function readClock(s: string): Clock | null {
  const m = /^\(?\s*(Today|Tomorrow|Yesterday|Sun|Mon|Tue|Wed|Thu|Fri|Sat)[a-z]*,?\s+(\d{1,2}):(\d{2})\s*(AM|PM)?\s*\)?$/iu.exec(s.trim());
  if (!m) return null;
  let hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (minutes > 59 || hours > 23) return null;
  const ampm = m[4]?.toUpperCase();
  if (ampm) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (ampm === 'PM' ? 12 : 0);
  }
  const word = m[1]!.toLowerCase();
  const day = word === 'today' ? { offset: 0 } : word === 'tomorrow' ? { offset: 1 } : word === 'yesterday' ? { offset: -1 } : { weekday: WEEKDAYS.indexOf(word.slice(0, 3)) };
  return { day, minutes: hours * 60 + minutes };
}

/**
 * The page's clock offset from UTC in minutes (a multiple of 15), inferred from cards that
 * show both a precise time left and an end clock: end = collection time + time left, and the
 * clock shows that instant in the page's zone. Null when no card allows it. eBay does not name
 * the zone (a browser shows its own; server pages their own), so it is measured, not assumed.
 */
export function inferClockOffset(samples: ReadonlyArray<{ left: TimeLeft; clock: Clock }>, now: Date): number | null {
  const offsets: number[] = [];
  for (const { left, clock } of samples) {
    if (left.ended || left.resolution > 60 || !('offset' in clock.day) || clock.day.offset !== 0) continue;
    const end = new Date(now.getTime() + left.seconds * 1000);
    const utcMinutes = end.getUTCHours() * 60 + end.getUTCMinutes();
    let diff = clock.minutes - utcMinutes;
    while (diff < -720) diff += 1440;
    while (diff >= 840) diff -= 1440;
    offsets.push(Math.round(diff / 15) * 15);
  }
  if (offsets.length === 0) return null;
  offsets.sort((a, b) => a - b);
  return offsets[Math.floor(offsets.length / 2)]!;
}

/**
 * The UTC instant of a past or present end clock (an ended auction) given the page's offset:
 * today/yesterday or the latest such weekday on or before the page's local today.
 */
export function clockToUtc(clock: Clock, offsetMinutes: number, now: Date): Date {
  const localNow = new Date(now.getTime() + offsetMinutes * 60_000);
  const localMidnight = Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate());
  let days: number;
  if ('offset' in clock.day) days = clock.day.offset;
  else {
    days = -((localNow.getUTCDay() - clock.day.weekday + 7) % 7);
  }
  return new Date(localMidnight + days * DAY_MS + clock.minutes * 60_000 - offsetMinutes * 60_000);
}

/** ISO 8601 UTC to the second, without milliseconds. */
export function isoSeconds(d: Date): string {
  return new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
