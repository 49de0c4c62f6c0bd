/**
 * The tests' env module, the one place test code reads the environment: TEST_DATABASE_URL, when set (CI), makes
 * every test database a fresh PostgreSQL database on that server instead of an in-memory PGlite.
 */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;
