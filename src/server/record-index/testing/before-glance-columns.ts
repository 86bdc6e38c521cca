/**
 * Undoes the migration that added units short and over, created_ms and the glance (console-db.ts): a test
 * that takes a database back to an older schema runs this first.
 */
export const dropGlanceColumns = `
  ALTER TABLE records DROP COLUMN units_short;
  ALTER TABLE records DROP COLUMN units_over;
  ALTER TABLE records DROP COLUMN created_ms;
  ALTER TABLE records DROP COLUMN glance;
`;
