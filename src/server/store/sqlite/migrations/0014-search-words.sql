-- The words of names, organizations and emails, for reading a typo as the word it was meant to be
-- (close-spellings.ts): written with the record, filled here from the search values of the records held.
  CREATE TABLE search_words (word TEXT PRIMARY KEY) WITHOUT ROWID;
  INSERT OR IGNORE INTO search_words (word)
  SELECT DISTINCT token.value
  FROM records, json_each(records.search_values) AS entry, json_each(entry.value, '$[3]') AS token
  WHERE (entry.value ->> 2 = 'people' OR entry.value ->> 0 GLOB '*emailAddress')
    AND length(token.value) BETWEEN 3 AND 64
  ORDER BY 1;
