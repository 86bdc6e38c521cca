-- FTS5 merges its segments inside a commit, in bursts of 64 pages per level of segments, every few
-- hundred webhook deliveries (its cost: docs/performance.md). Merging once 8 segments share a level rather
-- than 4 merges less often, at the cost of a few more segments for a search to read.
  INSERT INTO record_terms (record_terms, rank) VALUES ('automerge', 8);
