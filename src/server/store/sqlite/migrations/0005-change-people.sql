-- A record's activity: who made a console change (null for the warehouse's own), and what a person reads
-- of it beyond the member names (tracking numbers added, shipments added, the reason of a hold).
  ALTER TABLE record_changes ADD COLUMN person TEXT;
  ALTER TABLE record_changes ADD COLUMN details TEXT;
