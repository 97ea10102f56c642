"""What runs around every operation: parsed-document caching, the guards before validation, query cost, events rendered once per process."""
