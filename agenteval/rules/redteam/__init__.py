"""The red team's rules: safety (MODERATION or the built-in lexicon) and canary leaks."""
