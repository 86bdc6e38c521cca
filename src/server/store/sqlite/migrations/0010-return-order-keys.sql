-- The returns of an order by an exact key (originalOrderKey in search-terms.ts), written with the record:
-- finding them read every return's search values and parsed the few that named the order. Filled here
-- from the search values of the records already held.
  INSERT OR IGNORE INTO record_exact_values (value, record_id)
  SELECT 'originalOrder:' || lower(entry.value ->> 1), records.id
  FROM records, json_each(records.search_values) AS entry
  WHERE entry.value ->> 0 = 'additionalReferences.originalOrder'
  ORDER BY 1, 2;
