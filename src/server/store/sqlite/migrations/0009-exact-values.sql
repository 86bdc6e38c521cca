-- Exact emails and phone numbers in a B-tree (exactKeysOf in search-terms.ts: an email's first token, its
-- compact form, and every token of a phone), written with the record: the full-text index found an email
-- through words that most records share. Filled here from the search values already stored, sorted so
-- that the B-tree is written in order, and indexed by record once filled.
  CREATE TABLE record_exact_values (
    value TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    PRIMARY KEY (value, record_id)
  ) WITHOUT ROWID;
  INSERT OR IGNORE INTO record_exact_values (value, record_id)
  SELECT token.value, records.id
  FROM records, json_each(records.search_values) AS entry, json_each(entry.value, '$[3]') AS token
  WHERE (entry.value ->> 0 GLOB '*emailAddress' AND token.key = 0)
    OR entry.value ->> 0 GLOB '*phoneNumber' OR entry.value ->> 0 GLOB '*mobileNumber'
  ORDER BY 1, 2;
  CREATE INDEX record_exact_values_record ON record_exact_values (record_id);
