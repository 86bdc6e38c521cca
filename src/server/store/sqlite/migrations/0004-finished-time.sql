-- Work queues and trends: when an order finished shipping or a receive was finalized (finishedAt in
-- finished-time.ts, spelled here in SQL for the records already held). The index serves "shipped short
-- this week" by state and time, and on-time shipping from the index alone (due_ms rides along).
  ALTER TABLE records ADD COLUMN finished_ms INTEGER;
  UPDATE records SET finished_ms = coalesce((
    SELECT CAST(round(max(coalesce(
      unixepoch(json_extract(shipment.value, '$.actualShipDate'), 'subsec'),
      (SELECT max(unixepoch(json_extract(milestone.value, '$.actualDate'), 'subsec'))
        FROM json_each(shipment.value, '$.milestones') AS milestone
        WHERE json_extract(milestone.value, '$.code') = 'FIN'),
      unixepoch(json_extract(shipment.value, '$.dateLastUpdated'), 'subsec')
    )) * 1000) AS INTEGER)
    FROM json_each(records.doc, '$.shipments') AS shipment
    WHERE json_extract(shipment.value, '$.status') = 'FIN'
  ), CAST(round(unixepoch(json_extract(doc, '$.dateLastUpdated'), 'subsec') * 1000) AS INTEGER))
  WHERE (kind = 'order' AND state IN ('shipped', 'shipped_short', 'shipped_over'))
    OR (kind IN ('receive', 'return') AND status = 'FIN');
  CREATE INDEX records_kind_state_finished ON records (org, kind, state, finished_ms, due_ms);
