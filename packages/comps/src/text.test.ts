/**
 * The tokenizer the judgement reads titles, queries and word lists with (text.ts): folding, the
 * pieces a text splits into, "&" and "+" as words, plurals, spellings; and the word lists'
 * look-ups, which must find what a list's own index finds.
 */
import fc from 'fast-check';
import { firstsOf, fold, PhraseList, stem, textOf, tokens } from './text.ts';

describe('tokens', () => {
  test.each([
    ['WH-1000XM4', ['wh', '1000', 'xm', '4']],
    ['iPhone 8+', ['iphone', '8', 'plus']],
    ['iPhone 13 + Case', ['iphone', '13', 'and', 'case']],
    ['a&+b', ['a', 'and', 'and', 'b']],
    ['8++', ['8', 'plus', 'and']],
    ['Switches & Keycaps', ['switches', 'and', 'keycap']],
    ['Pokémon', ['pokemon']],
    ["Owner's Manual", ['owner', 'manual']],
    ['Owner’s', ['owner']],
    ['2nd gen', ['2', 'gen']],
    ['2ndx', ['2', 'ndx']],
    ['3RD', ['3']],
    ['ＰＳ５', ['ps', '5']],
    ['𝐀𝐁𝐂 phones', ['abc', 'phone']],
    ['٣ cases', ['٣', 'case']],
    ['日本語のタイトル', ['日本語のタイトル']],
    ['\ud800x', ['x']],
    ['glasses boxes watches cases bus iris', ['glass', 'box', 'watch', 'case', 'bus', 'iris']],
    ['PlayStation 5', ['ps', '5']],
    ['TSHIRT', ['t', 'shirt']],
    ['NWT', ['new']],
    ['½ ²', ['1', '2', '2']],
    ['İstanbul ǅ', ['istanbul', 'dz']],
    ['🔥Nintendo🔥Switch🔥', ['nintendo', 'switch']],
    ['', []],
  ])('%j', (text, want) => {
    expect(tokens(text)).toEqual(want);
    expect(textOf(text)).toMatchObject({ toks: want, folded: fold(text) });
  });
});

describe('fold', () => {
  /** The whole of fold's steps, as it applies them to any text. */
  const full = (s: string): string => s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[\u2018\u2019\u02bc'`\u00b4]/gu, '').replace(/(\d)(?:st|nd|rd|th)\b/gu, '$1');

  test('ASCII text folds as any text does (its shorter path changes nothing)', () => {
    const ascii = fc.string({ unit: fc.constantFrom(...'aAzZ09 \'`-+&_.,()/STNDRHstndrh'.split(''), '1st', '2ND', '3rd ', '4Th_'), maxLength: 40 });
    fc.assert(fc.property(ascii, (s) => fold(s) === full(s)), { numRuns: 2000 });
  });

  test('other text: accents and marks off, typographic quotes dropped', () => {
    expect(fold('Pokémon’s 2ⁿᵈ')).toBe(full('Pokémon’s 2ⁿᵈ'));
    expect(fold('Café Ｔｈｅ 1ｓｔ')).toBe('cafe the 1');
  });
});

test('stem: -s off past three letters, -es after ch/sh/ss/x/z past four; -ss, -us, -is kept', () => {
  expect(['cases', 'boxes', 'watches', 'dishes', 'glasses', 'buzzes', 'games', 'bus', 'iris', 'glass', 'pcs', 'ps', 'xes', 'axes', 'taxes', 'cards'].map(stem))
    .toEqual(['case', 'box', 'watch', 'dish', 'glass', 'buzz', 'game', 'bus', 'iris', 'glass', 'pcs', 'ps', 'xes', 'axe', 'tax', 'card']);
});

describe('PhraseList', () => {
  const list = new PhraseList(['screen protector', 'screen', 'protector', 'case only', 'case', 'only', 'ear pads']);
  const texts = ['Screen Protector for iPhone 13 case only', 'case case screen', 'no match here', 'ear pads ear', ''];

  test.each(texts)('finds the same with the shared index as with its own: %j', (s) => {
    const t = textOf(s);
    expect(list.find(t.toks, t.firsts)).toEqual(list.find(t.toks));
    for (let i = 0; i <= t.toks.length; i++) expect(list.at(t.toks, i, t.firsts)).toEqual(list.at(t.toks, i));
  });

  test('longest phrase first, left to right, not overlapping; labels as the list writes them', () => {
    const t = textOf('Screen Protector for iPhone 13 case only');
    const found = list.find(t.toks, firstsOf(t.toks));
    expect(found.map((m) => [m.at, list.label(m.seq), list.key(m.seq)])).toEqual([[0, 'screen protector', 'screen protector'], [5, 'case only', 'case only']]);
  });
});
