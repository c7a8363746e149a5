/**
 * @module contract-types
 * The shape of src/contract.ts, the JSON Schemas generated from the contract
 * (scripts/generate.ts).
 */
import type { Route } from '@listings/sdk';

/** A JSON Schema, as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

export interface RouteContract {
  route: Route;
  /** Pages after 1 need the previous page's `next_cursor`. */
  cursorPaging: boolean;
  /** The route's OpenAPI summary and description. */
  summary: string;
  description: string;
  /** The route's query parameters as one object (lists as arrays). */
  input: JsonSchema & { properties: Record<string, JsonSchema>; required: string[] };
  /** The route's job envelope, self-contained. */
  output: JsonSchema;
}

export interface ContractSchemas {
  routes: RouteContract[];
  /** A job of any route. */
  job: JsonSchema;
  batch: JsonSchema & { properties: Record<string, JsonSchema> };
  watchCreate: JsonSchema & { properties: Record<string, JsonSchema> };
  watch: JsonSchema;
  watchList: JsonSchema;
  watchRunList: JsonSchema;
}
