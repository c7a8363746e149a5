/**
 * @module mkt_a/text
 * The reading rules of interface 2.4/2.5 applied to the texts a card shows: money, price
 * ranges, shipping, conditions, bids, locations. Pure functions of already-folded strings
 * (these are texts, not markup: the markup was read with parse5).
 */
import { CONDITION_LABELS } from './params.ts';

export interface Money {
  /** ISO currency code (`USD`, `GBP`, `KRW`, ...). */
  currency: string;
  /** Amount when the currency is USD and the number reads exactly; null otherwise. */
  amount: number | null;
}

const USD_NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/u;

/**
 * Letters eBay sites print before a dollar sign (`US $`, `C $`, `AU $`, `S$`, `NT$`…), with or
 * without a space; a bare `$` is USD on ebay.com.
 */
const DOLLAR_PREFIXES: Readonly<Record<string, string>> = {
  US: 'USD', C: 'CAD', CA: 'CAD', AU: 'AUD', A: 'AUD', NZ: 'NZD', HK: 'HKD', S: 'SGD', SG: 'SGD', NT: 'TWD', MX: 'MXN', R: 'BRL',
};

/** Symbols and short prefixes of other currencies, before the number (with or without a space). */
const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['£', 'GBP'], ['€', 'EUR'], ['¥', 'JPY'], ['￥', 'JPY'], ['₩', 'KRW'], ['₹', 'INR'], ['₱', 'PHP'], ['฿', 'THB'], ['₪', 'ILS'],
  ['zł', 'PLN'], ['RM', 'MYR'], ['Rp', 'IDR'], ['CHF', 'CHF'], ['Fr.', 'CHF'], ['kr', 'SEK'],
];

/**
 * Symbols and words after the number (`12,00 €`, `15 zł`, `100 kr`, and the East Asian sites'
 * unit suffixes: `7,887 円` on ebay.com rendered in Japanese, `129,680 원`, `88 元`).
 */
const TRAILING: Readonly<Record<string, string>> = {
  '€': 'EUR', 'zł': 'PLN', kr: 'SEK', 'Kč': 'CZK', Ft: 'HUF', TL: 'TRY', '₫': 'VND', '£': 'GBP', '円': 'JPY', '원': 'KRW', '元': 'CNY', '₽': 'RUB',
};

function usdAmount(num: string): number | null {
  if (!USD_NUMBER.test(num)) return null;
  return Math.round(Number(num.replace(/,/gu, '')) * 100) / 100;
}

function money(currency: string, num: string): Money | null {
  const n = num.trim();
  if (!/^\d/u.test(n)) return null;
  return { currency, amount: currency === 'USD' ? usdAmount(n) : null };
}

/**
 * Reads one money text in any form eBay sites print: `$1,234.50`, `US $12`, `C $12.00`,
 * `AU $5`, `S$ 200.00`, `£4.49`, `€ 3,50`, `¥1,200`, `KRW129,680.08`, `12,00 EUR`, `15 zł`.
 * Only USD gets an amount; other currencies are named (for the non-US page check).
 */
export function readMoney(s: string): Money | null {
  const t = s.trim().replace(/\u00a0/gu, ' ');
  const dollar = /^([A-Z]{1,2})?\s?\$\s?(.*)$/u.exec(t);
  if (dollar) {
    const letters = dollar[1];
    const currency = letters === undefined ? 'USD' : (DOLLAR_PREFIXES[letters] ?? `${letters}$`);
    return money(currency, dollar[2]!);
  }
  for (const [symbol, currency] of SYMBOLS) {
    if (t.startsWith(symbol)) return money(currency, t.slice(symbol.length));
  }
  const lead = /^([A-Z]{3})\s?(\d[\d.,\s]*)$/u.exec(t);
  if (lead) return money(lead[1]!, lead[2]!);
  const trail = /^(\d[\d.,\s]*?)\s?([A-Z]{3}|€|zł|kr|Kč|Ft|TL|₫|£|円|원|元|₽)$/u.exec(t);
  if (trail) return money(TRAILING[trail[2]!] ?? trail[2]!, trail[1]!);
  return null;
}

export interface PriceReading {
  /** The price as shown, parts joined with spaces (`$7.99 to $9.89`). */
  text: string | null;
  /** The amount when the page shows one exact USD price; null for ranges and unreadable text. */
  money: Money | null;
  /** Currency of the shown price even when it is a range (for locale checks), or null. */
  currency: string | null;
  range: boolean;
}

/** What eBay puts between the two ends of a price range (`to`; `~` on some locales). */
const RANGE = /\sto\s|~|\s[–-]\s/u;

/** Reads a card's price from its price spans (one span, or three for a range). */
export function readPrice(parts: readonly string[]): PriceReading {
  const text = parts.map((p) => p.trim()).filter((p) => p.length > 0).join(' ');
  if (text === '') return { text: null, money: null, currency: null, range: false };
  if (RANGE.test(text)) {
    const low = readMoney(text.split(RANGE)[0] ?? '');
    return { text, money: null, currency: low?.currency ?? null, range: true };
  }
  const money = readMoney(text);
  return { text, money: money && money.amount !== null ? money : null, currency: money?.currency ?? null, range: false };
}

export interface ShippingReading {
  text: string;
  /** Exact shipping cost in USD (0 when free); null for estimates, unspecified and other currencies. */
  amount: number | null;
}

const SHIPPING_WORD = /\b(delivery|shipping|postage)\b/iu;

/**
 * Reads a shipping fact, or null when the text is not about shipping. Only exact texts give an
 * amount: free delivery is 0, `+$12.50 delivery` is 12.50; estimates, "not specified" and
 * non-USD amounts keep their text with a null amount (never 0).
 */
export function readShipping(fact: string): ShippingReading | null {
  const t = fact.trim();
  if (/^free\b/iu.test(t) && SHIPPING_WORD.test(t)) {
    return { text: t, amount: /estimate/iu.test(t) ? null : 0 };
  }
  if (/\bnot specified\b/iu.test(t) && (SHIPPING_WORD.test(t) || /^not specified$/iu.test(t))) return { text: t, amount: null };
  if (/^freight\b/iu.test(t)) return { text: t, amount: null };
  const plus = /^\+\s?(\S+(?:\s\$\S+)?)\s*(.*)$/u.exec(t);
  if (plus) {
    const money = readMoney(plus[1]!);
    const rest = plus[2]!;
    if (!money) return null;
    // "+$6.10" alone or followed by "delivery in 2-4 days" is a cost; other trailing words are not shipping.
    if (rest !== '' && !SHIPPING_WORD.test(rest)) return null;
    if (/estimate/iu.test(rest)) return { text: t, amount: null };
    return { text: t, amount: money.currency === 'USD' ? money.amount : null };
  }
  return null;
}

const CONDITIONS = new Map(CONDITION_LABELS.map((c) => [c.toLowerCase(), c]));

/**
 * The condition among a card's subtitle and attribute texts: the first part (texts are split
 * on eBay's ` · ` separator) that is one of eBay's condition labels, as shown.
 */
export function pickCondition(texts: readonly string[]): string | null {
  for (const t of texts) {
    for (const part of t.split('·')) {
      const p = part.trim();
      if (p !== '' && CONDITIONS.has(p.toLowerCase())) return p;
    }
  }
  return null;
}

/** `7 bids` / `1 bid` → 7 / 1; anything else null. */
export function readBids(fact: string): number | null {
  const m = /^(\d[\d,]*)\s+bids?$/iu.exec(fact.trim());
  return m ? Number(m[1]!.replace(/,/gu, '')) : null;
}

/** `Located in United States` / `From United Kingdom` → the place; anything else null. */
export function readLocation(fact: string): string | null {
  const m = /^(?:Located in|From)\s+(.+)$/iu.exec(fact.trim());
  return m ? m[1]!.trim() : null;
}

export function isBestOffer(fact: string): boolean {
  return /^(?:or\s+)?best offer$/iu.test(fact.trim());
}

export function isBestOfferAccepted(fact: string): boolean {
  return /^best offer accepted$/iu.test(fact.trim());
}

export function isBuyItNow(fact: string): boolean {
  return /^buy it now$/iu.test(fact.trim());
}

const SELLER_PCT = String.raw`\d{1,3}(?:\.\d+)?%`;
const SELLER_COUNT = String.raw`\(\d[\d.,]*[KM]?\)`;
/**
 * A whole seller line: one user name (no spaces), then the feedback figures in either order
 * eBay prints them: `name 99.7% positive (2.3K)` (s-card) or `name (2,345) 99.8%` (s-item, and
 * s-card pages of some sessions). A line that only carries a percentage ("Save up to 5% when
 * you buy more", "Extra 5% off with coupon") is a promotion, not a seller.
 */
const SELLER_LINE = new RegExp(String.raw`^\S+\s+(?:${SELLER_PCT}\s*positive(?:\s+${SELLER_COUNT})?|${SELLER_COUNT}(?:\s+${SELLER_PCT})?)$`, 'iu');

export function looksLikeSeller(s: string): boolean {
  return SELLER_LINE.test(s.trim());
}
