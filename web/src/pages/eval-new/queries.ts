import { graphql } from "../../graphql/graphql";

export const CreateEvalMutation = graphql(`
  mutation CreateEval($input: CreateIntelligentEvalInput!) {
    createIntelligentEval(input: $input) { id status }
  }
`);
