/**
 * The tests' env module, the one place test code reads the environment: TEST_DATABASE_URL, when set (CI), makes
 * every test database a fresh PostgreSQL database on that server instead of an in-memory PGlite.
 */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/**
 * How many random sequences the money model-based test runs (MONEY_MODEL_SEQUENCES): the default keeps CI's run
 * short; the full run (issue 13: at least 10,000) sets it. MONEY_MODEL_SEED replays one run (fast-check's seed).
 */
export const moneyModelSequences: number = positiveInteger(process.env.MONEY_MODEL_SEQUENCES) ?? 60;
export const moneyModelSeed: number | undefined = integer(process.env.MONEY_MODEL_SEED);

function integer(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`expected an integer, got ${value}`);
  return number;
}

function positiveInteger(value: string | undefined): number | undefined {
  const number = integer(value);
  if (number !== undefined && number <= 0) throw new Error(`expected a positive integer, got ${value}`);
  return number;
}
