"""Monitoring (线上质检): live conversations ingested, judged by the rules CI uses, trended, alerted on.

It may read the rules and the judged-outcome machinery (`agenteval.rules`, `domain.judging`);
static and intelligent evaluation stay out of reach (the engine-systems import contract)."""
