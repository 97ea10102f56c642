"""QA scorecard operators (质检): role scope, anchored windows, repetition, required scripts, word libraries, entity checks."""
