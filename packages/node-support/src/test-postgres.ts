/**
 * The PostgreSQL server tests and benchmarks use: the machine's own (trust auth on loopback), or
 * TEST_PG_URL. A URL with the right to create and drop databases.
 */
export const TEST_POSTGRES_URL = process.env['TEST_PG_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
