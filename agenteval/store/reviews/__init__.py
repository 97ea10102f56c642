"""Human reviews (人工复核) on the database: the review rows and the subjects they judge."""
