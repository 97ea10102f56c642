"""Human review (人工复核) of automatic judgements: recording reviews and reading agreement."""
