"""Similarity without a model: the embedded static embeddings, character n-gram TF-IDF, and the contrast checks that keep a paraphrase from passing as its opposite."""
