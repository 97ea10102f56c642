"""The CI gate (`agenteval run`): its inputs, its flow and its outputs. The outputs — terminal,
JUnit XML, JSON and baselines — are pure functions of the run records of
engine/static/run_document.py; reading the files (inputs.py), running the scenarios
(flow.py) and `--cache`'s file of model answers (judge_cache.py) are the I/O around them."""
