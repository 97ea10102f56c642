"""Intelligent evaluation's pure state machine and documents: seeds, plans, verdicts,
reports and their validation, evidence, the eval's Markdown (engine/intelligent runs them)."""
