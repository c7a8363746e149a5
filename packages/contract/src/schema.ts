/**
 * @module schema
 * JSON Schemas derived from the parameter tables: the ajv validators of typed search inputs
 * and the per-parameter schemas of the OpenAPI description.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { ParamSpec } from './params.ts';
import { PARAM_TABLES } from './params.ts';

export type JsonSchema = Record<string, unknown>;

/** The JSON Schema of one parameter's typed value. */
export function paramSchema(spec: ParamSpec): JsonSchema {
  switch (spec.type) {
    case 'string':
      return { type: 'string', minLength: spec.minLength, maxLength: spec.maxLength, ...(spec.pattern ? { pattern: spec.pattern } : {}) };
    case 'integer':
      return { type: 'integer', minimum: spec.minimum, maximum: spec.maximum, ...(spec.default !== undefined ? { default: spec.default } : {}) };
    case 'number':
      return { type: 'number', minimum: spec.minimum, maximum: spec.maximum };
    case 'enum':
      return { type: 'string', enum: [...spec.values], ...(spec.default !== undefined ? { default: spec.default } : {}) };
    case 'int_enum':
      return { type: 'integer', enum: [...spec.values] };
    case 'enum_list':
      return { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: [...spec.values] } };
    case 'id_list':
      return { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: spec.pattern, maxLength: 40 } };
    case 'cursor':
      return { type: 'string', minLength: 1, maxLength: 1900 };
  }
}

/** The JSON Schema of a route's whole typed input object. */
export function routeInputSchema(table: readonly ParamSpec[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const spec of table) properties[spec.name] = paramSchema(spec);
  const required = table.filter((s) => s.type === 'string' && s.required).map((s) => s.name);
  return { type: 'object', properties, required, additionalProperties: false };
}

const ajv = new Ajv({ allErrors: false, strict: true, useDefaults: false });
const validators = new Map<string, ValidateFunction>();
for (const [route, table] of Object.entries(PARAM_TABLES)) validators.set(route, ajv.compile(routeInputSchema(table)));

/** The compiled validator for a route's typed input. */
export function routeValidator(route: string): ValidateFunction {
  const v = validators.get(route);
  if (!v) throw new Error(`no validator for ${route}`);
  return v;
}
