-- Cheaper writes (issue 42). The side tables of records (exact values, parts, terms) no longer check
-- their record: a foreign key costs a query and a KEY SHARE lock on the record's row for every row
-- inserted, a dozen a record, and records are never deleted (so the cascade never ran). The latest
-- document, the search values and the terms are compressed with lz4 rather than pglz, several times
-- cheaper to compress and to read; a server built without lz4 keeps pglz. Safe to run again.
  ALTER TABLE record_exact_values DROP CONSTRAINT IF EXISTS record_exact_values_record_id_fkey;
  ALTER TABLE record_parts DROP CONSTRAINT IF EXISTS record_parts_record_id_fkey;
  ALTER TABLE record_terms DROP CONSTRAINT IF EXISTS record_terms_record_id_fkey;
  DO $$ BEGIN
    ALTER TABLE records ALTER COLUMN doc SET COMPRESSION lz4, ALTER COLUMN search_values SET COMPRESSION lz4;
    ALTER TABLE record_terms ALTER COLUMN terms SET COMPRESSION lz4;
  EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN NULL;
  END $$;
