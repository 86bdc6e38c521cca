import type pg from 'pg';

/**
 * A pool on the team's PostgreSQL database, its schema brought up to date (openPostgresDatabase in
 * database/postgres-schema.ts): what every PostgreSQL adapter is given.
 */
export type PostgresDatabase = pg.Pool;
