"""AgentEval's built-in driver: planner, evaluator and analyst over the GraphQL API (see runner.py)."""
