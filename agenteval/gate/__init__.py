"""The CI gate (`agenteval run`): its inputs, its flow and its outputs — terminal, JUnit XML,
JSON and baselines — as pure functions of the run records of engine/static/run_document.py."""
