"""Stored judge revisions, alignment attempts and κ drift alerts."""
