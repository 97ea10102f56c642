"""The CI gate's outputs: terminal, JUnit XML, JSON and baselines (pure, no engine)."""
