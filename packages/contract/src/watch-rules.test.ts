import { displayedCents, NO_RULES, passesRules, titleHas, type WatchRules } from './watch-rules.ts';

const row = (over: Record<string, unknown> = {}) => ({ id: '1', title: 'Leica M6 TTL 0.72 Black Body', condition: 'Pre-Owned', displayed_price: { amount: 1499.99, currency: 'USD' }, ...over });
const rules = (over: Partial<WatchRules>): WatchRules => ({ ...NO_RULES, ...over });

test('titleHas matches whole words and phrases, without case or punctuation', () => {
  expect(titleHas('Leica M6 TTL 0.72 Black Body', 'm6')).toBe(true);
  expect(titleHas('Leica M65 body', 'm6')).toBe(false);
  expect(titleHas('Leica M6 TTL 0.72 Black Body', 'black body')).toBe(true);
  expect(titleHas('Leica M6 TTL 0.72 Black Body', 'body black')).toBe(false);
  expect(titleHas('FOR PARTS / repair', 'for-parts')).toBe(true);
  expect(titleHas('Leica', '!!!')).toBe(false);
});

test('displayedCents: USD amounts in cents, anything else null', () => {
  expect(displayedCents(row())).toBe(149999);
  expect(displayedCents(row({ displayed_price: null }))).toBeNull();
  expect(displayedCents(row({ displayed_price: { amount: 10, currency: 'EUR' } }))).toBeNull();
});

test('passesRules: every rule set must pass; a row without the field fails a rule on it', () => {
  expect(passesRules(row(), NO_RULES)).toBe(true);
  expect(passesRules(row(), rules({ max_price: 1500 }))).toBe(true);
  expect(passesRules(row(), rules({ max_price: 1499.98 }))).toBe(false);
  expect(passesRules(row(), rules({ min_price: 1499.99 }))).toBe(true);
  expect(passesRules(row({ displayed_price: null }), rules({ min_price: 0 }))).toBe(false);
  expect(passesRules(row(), rules({ conditions: ['pre-owned'] }))).toBe(true);
  expect(passesRules(row(), rules({ conditions: ['Brand New'] }))).toBe(false);
  expect(passesRules(row({ condition: null }), rules({ conditions: ['Pre-Owned'] }))).toBe(false);
  expect(passesRules(row(), rules({ include_words: ['leica', 'm6'] }))).toBe(true);
  expect(passesRules(row(), rules({ include_words: ['leica', 'm3'] }))).toBe(false);
  expect(passesRules(row(), rules({ exclude_words: ['parts', 'black'] }))).toBe(false);
  expect(passesRules(row({ title: null }), rules({ exclude_words: ['parts'] }))).toBe(true);
  expect(passesRules(row({ title: null }), rules({ include_words: ['leica'] }))).toBe(false);
});

test('passesRules: kinds keeps the rows whose comp_kind it lists; a row without a judgement fails it', () => {
  expect(passesRules(row({ comp_kind: 'item' }), rules({ kinds: ['item'] }))).toBe(true);
  expect(passesRules(row({ comp_kind: 'accessory' }), rules({ kinds: ['item'] }))).toBe(false);
  expect(passesRules(row({ comp_kind: 'lot' }), rules({ kinds: ['item', 'lot'] }))).toBe(true);
  expect(passesRules(row(), rules({ kinds: ['item'] }))).toBe(false);
  expect(passesRules(row({ comp_kind: 'parts' }), NO_RULES)).toBe(true);
  expect(passesRules(row({ comp_kind: 'item' }), rules({ kinds: ['item'], max_price: 1000 }))).toBe(false);
});
