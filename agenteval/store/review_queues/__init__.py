"""Review workbench storage: claims of queue items (one reviewer per item at a time)."""
