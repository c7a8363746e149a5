import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { CARS_AND_TRUCKS, CATEGORIES, categoryLabel } from './categories.ts';

interface Node {
  id: string;
  label: string;
  level: number;
  children?: Node[];
}

describeWithFixtures('mkt_e', 'mkt_e category table against the captured taxonomy (2025-11)', () => {
  const taxonomy = JSON.parse(readFixture('mkt_e', 'categories-2025.json')) as { data: { getTaxonomy: { children: Node[] } } };

  test('lists every first- and second-level category of the capture, with its label, in order', () => {
    const captured: Array<[string, string]> = [];
    for (const top of taxonomy.data.getTaxonomy.children) {
      captured.push([top.id, top.label]);
      for (const sub of top.children ?? []) captured.push([sub.id, sub.label]);
    }
    expect(captured).toHaveLength(151);
    expect(CATEGORIES).toEqual(captured);
  });

  test('the interface\'s examples are in it', () => {
    expect(categoryLabel('5')).toBe('Vehicles');
    expect(categoryLabel(CARS_AND_TRUCKS)).toBe('Cars & Trucks');
    expect(categoryLabel('5.2')).toBe('Motorcycles');
    expect(categoryLabel('1.2')).toBe('Cell phones & Accessories');
    expect(categoryLabel('14')).toBe('General');
  });
});
