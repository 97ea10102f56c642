// Copies ../schema.graphql for the type generator, with one change: an object or list
// default on a JSON argument (e.g. `params: JSON! = {}`) becomes the string "{}".
// graphql-js cannot turn such a default back into AST while introspecting, so the
// generator fails on it; the default's presence (what makes the field optional) is kept.
import { readFileSync, writeFileSync } from "node:fs";
import { Kind, parse, print, visit } from "graphql";

const source = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
const document = visit(parse(source), {
  InputValueDefinition(node) {
    const value = node.defaultValue;
    if (value && (value.kind === Kind.OBJECT || value.kind === Kind.LIST)) {
      return { ...node, defaultValue: { kind: Kind.STRING, value: print(value) } };
    }
    return undefined;
  },
});
writeFileSync(new URL("../src/graphql/schema.tada.graphql", import.meta.url), print(document));
