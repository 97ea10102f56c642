"""Between the two systems: findings and sessions drafted as regression cases, and what the
reports say about those cases. It reads both systems' records; neither reads it."""
