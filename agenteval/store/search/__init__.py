"""Full-text search over conversations (issue 41): what was said in static run transcripts,
intelligent sessions, monitored conversations and imported conversation logs.

Text is segmented into words at write time with jieba (Chinese has no spaces; no Chinese
parser ships with PostgreSQL in Debian, and trigram indexes miss two-character words like
退款), and the words are stored in `search_documents`: a `simple` tsvector with a GIN index
on PostgreSQL, an FTS5 table on SQLite (migration 0018_search). A query is segmented the
same way. Modules: segmenter (jieba), documents (what is indexed, pure), index_writes (the
batched writer the other stores call, one call each), search_reads (ranked, grouped
results), snippets (pure), reindex (the idempotent backfill behind `agenteval reindex`).
"""
