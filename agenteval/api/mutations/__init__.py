"""Every domain's Mutation mixin, merged in agenteval.api.schema."""

from agenteval.api.mutations.access import AccessMutations

MUTATIONS: tuple[type, ...] = (AccessMutations,)
