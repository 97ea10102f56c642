import { graphql } from "../../graphql/graphql";

export const MeQuery = graphql(`
  query Me { me { id name role } }
`);
