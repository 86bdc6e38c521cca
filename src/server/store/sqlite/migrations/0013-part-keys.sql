-- The records that hold a lot or serial number, by an exact key (partKey in search-terms.ts), for a
-- trace: written with the record, filled here from the search values of the records held.
  INSERT OR IGNORE INTO record_exact_values (value, record_id)
  SELECT 'part:' || lower(entry.value ->> 1), records.id
  FROM records, json_each(records.search_values) AS entry
  WHERE entry.value ->> 0 GLOB 'partAttributes.*'
  ORDER BY 1, 2;
