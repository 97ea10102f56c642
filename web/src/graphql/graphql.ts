/** The typed `graphql()` tag: operations are checked against schema.graphql by tsc. */
import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./graphql-env.d.ts";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; Date: string; JSON: JsonValue; ID: string };
}>();

export type { FragmentOf, ResultOf, VariablesOf } from "gql.tada";
export { readFragment } from "gql.tada";
