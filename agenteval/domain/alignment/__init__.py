"""Judges that learn from reviewers' corrections, proven on held-out reviews (issue 39, item 5)."""
