"""What every outbound HTTP client of AgentEval shares: targets, models and the OpenClaw gateway."""
