"""Aligning a JUDGE rule with reviewers' corrections, and the κ drift alert (issue 39, item 5)."""
