"""Every domain's Subscription mixin, merged in agenteval.api.schema."""

SUBSCRIPTIONS: tuple[type, ...] = ()
