/**
 * @module comps
 * The comps extension of the contract (issue 27): the two fields every row of every search
 * route ends with (`comp_kind`, `comp_reasons`), and the two fields every result ends with
 * (`comp_version`, `comps`). The judgement itself is @listings/comps'; this module only says
 * what shape it has on the wire, so the schemas, the OpenAPI description, the CSV columns and
 * the watch rules name the same five kinds (a test holds the list to @listings/comps').
 */
import type { JsonSchema } from './schema.ts';

/** The five kinds of row, in the order the docs and the `comps.kinds` counts list them. */
export const COMP_KINDS = ['item', 'accessory', 'lot', 'parts', 'other'] as const;
export type CompKindName = (typeof COMP_KINDS)[number];

/** The row fields of the judgement, in the order they close every row. */
export const JUDGEMENT_FIELDS = ['comp_kind', 'comp_reasons'] as const;

/** The result fields of the comps extension, in the order they close every result. */
export const COMPS_RESULT_FIELDS = ['comp_version', 'comps'] as const;

const KIND_DOC = '`item`: one unit of the product the query names, in any working condition (capacity, colour and size variants of the same model count); '
  + '`accessory`: an accessory, part, case, charger, box or add-on for it, not the product itself; '
  + '`lot`: several units, or the product bundled with other items of real value; '
  + '`parts`: the product itself sold broken, for parts or repair, locked or missing a main component; '
  + '`other`: another product (another model or generation, another brand, a replica, unrelated).';

/** The schemas of the two row fields (every route's row ends with them). */
export const JUDGEMENT_SCHEMAS: Readonly<Record<(typeof JUDGEMENT_FIELDS)[number], JsonSchema>> = {
  comp_kind: { type: 'string', enum: [...COMP_KINDS], description: `What the row is relative to the query (an extension of the interface, judged by the service; see \`comp_reasons\`). ${KIND_DOC}` },
  comp_reasons: {
    type: 'array', items: { type: 'string', minLength: 1 },
    description: 'Short codes saying why the row was judged so (`accessory_word:case`, `model_mismatch:15`, `parts_phrase:for parts`, `lot_phrase:lot of 3`, `price_far_below_items`, …); empty for a plain item. docs/comps.md lists every code.',
  },
};

/** `PriceFigures` of @listings/sdk/stats: the figures of a set of USD amounts. */
export const PRICE_FIGURES_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Figures of a set of USD amounts (displayed prices: asks or headline amounts, never verified transaction prices). Every figure is null when `count` is 0.',
  required: ['count', 'median', 'p25', 'p75', 'low', 'high', 'median_ci90'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer', minimum: 0, description: 'Amounts the figures are over.' },
    median: { type: ['number', 'null'], description: 'The middle amount, or the mean of the two middle ones.' },
    p25: { type: ['number', 'null'], description: "Lower hinge (Tukey's: the median of the lower half)." },
    p75: { type: ['number', 'null'], description: 'Upper hinge (the median of the upper half).' },
    low: { type: ['number', 'null'], description: 'Lowest amount.' },
    high: { type: ['number', 'null'], description: 'Highest amount.' },
    median_ci90: {
      anyOf: [{
        type: 'object', required: ['low', 'high', 'level', 'coverage'], additionalProperties: false,
        properties: {
          low: { type: 'number', description: 'Lower bound: an order statistic of the amounts.' },
          high: { type: 'number', description: 'Upper bound: an order statistic of the amounts.' },
          level: { type: 'number', const: 0.9, description: 'The confidence asked for: 0.9.' },
          coverage: { type: 'number', minimum: 0.9, maximum: 1, description: 'The exact coverage of these two order statistics (at least `level`).' },
        },
      }, { type: 'null' }],
      description: 'A distribution-free 90 % confidence interval of the median from order statistics (binomial, no assumption on the shape of prices); null with fewer than 5 amounts.',
    },
  },
};

/** The `comps` block of a result, and of a complete batch item. */
export const COMPS_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Price figures over the rows judged `item` (the product the query names) with a USD displayed price, and how many rows of each kind the page had. An extension of the interface: `summary` of a batch item stays over every row.',
  required: ['basis', 'currency', 'price', 'price_with_shipping', 'kinds'],
  additionalProperties: false,
  properties: {
    basis: { type: 'string', const: 'item', description: 'Which rows the figures are over: always `item`.' },
    currency: { type: 'string', const: 'USD', description: 'Always `USD`.' },
    price: { $ref: '#/components/schemas/PriceFigures', description: "Over the item rows' displayed prices." },
    price_with_shipping: { $ref: '#/components/schemas/PriceFigures', description: 'Over the item rows whose shipping is known (free is 0): displayed price plus shipping.' },
    kinds: {
      type: 'object', required: [...COMP_KINDS], additionalProperties: false,
      properties: Object.fromEntries(COMP_KINDS.map((k) => [k, { type: 'integer', minimum: 0 }])),
      description: 'Rows of the page of each `comp_kind`.',
    },
  },
};

/** The schemas of the two result fields (every route's result ends with them). */
export const COMPS_RESULT_SCHEMAS: Readonly<Record<(typeof COMPS_RESULT_FIELDS)[number], JsonSchema>> = {
  comp_version: { type: 'string', minLength: 1, description: 'Version of the judgement rules and word lists the rows were judged with.' },
  comps: { $ref: '#/components/schemas/Comps' },
};
