import { graphql } from "../../graphql/graphql";

export const ModelConfigFields = graphql(`
  fragment ModelConfigFields on ModelConfig { role provider baseUrl model params hasApiKey }
`);

export const ModelConfigsQuery = graphql(`
  query ModelConfigs { modelConfigs { ...ModelConfigFields } }
`, [ModelConfigFields]);

export const SetModelConfigMutation = graphql(`
  mutation SetModelConfig($role: ModelRole!, $input: ModelConfigInput!) {
    setModelConfig(role: $role, input: $input) { ...ModelConfigFields }
  }
`, [ModelConfigFields]);

export const CheckModelsMutation = graphql(`
  mutation CheckModels {
    checkModels { role model baseUrl ok reachable latencyMs usageReported structuredOutput answerValid sample error }
  }
`);
