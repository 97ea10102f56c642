import { graphql } from "./graphql";

/** Targets for a picker (the eval list's filter, the new-evaluation form), by name. */
export const TargetOptionsQuery = graphql(`
  query TargetOptions { targets(first: 200, orderBy: NAME_ASC) { edges { node { id name channelType createdAt } } } }
`);
