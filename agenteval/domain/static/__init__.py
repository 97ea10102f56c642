"""Static evaluation's pure records and rules of judgement: cases and scenario documents,
verdicts, summaries, comparisons and the run report (engine/static runs them)."""
