/**
 * Undoes the migrations that added units short and over, created_ms and the glance, the spelling words and
 * the receives' unit costs (console-db-migrations.ts): a test that takes a database back to an older schema
 * runs this first.
 */
export const dropGlanceColumns = `
  DROP TABLE receive_unit_costs;
  DROP TABLE search_words;
  ALTER TABLE records DROP COLUMN units_short;
  ALTER TABLE records DROP COLUMN units_over;
  ALTER TABLE records DROP COLUMN created_ms;
  ALTER TABLE records DROP COLUMN glance;
`;
