"""A static run's rows: the run store port on the database, attempts written in batches, case tags and origins read by SQL."""
