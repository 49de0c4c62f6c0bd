import { describe, expect, it } from "vitest";
import { loadEnv, shouldSeedDemo } from "./env";

/** What production needs at least. */
const PRODUCTION = { NODE_ENV: "production", SEARCH_ID_SECRET: "0123456789abcdef0123456789abcdef" };

describe("loadEnv", () => {
  it("defaults to port 3000 on loopback with the embedded database", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: ".data", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(shouldSeedDemo(env)).toBe(true);
  });

  it("seeds PostgreSQL only when asked", () => {
    const env = loadEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/market" });
    expect(shouldSeedDemo(env)).toBe(false);
    expect(shouldSeedDemo({ ...env, SEED_DEMO: "true" })).toBe(true);
  });

  it("names every invalid variable", () => {
    expect(() => loadEnv({ PORT: "eighty", DATABASE_URL: "not a url" })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it("reads the mail, link and throttle settings", () => {
    const defaults = loadEnv({});
    expect(defaults).toMatchObject({ RATE_LIMIT_SCALE: 1 });
    expect(defaults.PUBLIC_URL).toBeUndefined();
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.E2E_TEST_ROUTES).toBeUndefined();
    const env = loadEnv({
      PUBLIC_URL: "https://market.example/some/path",
      SMTP_URL: "smtps://user:secret@mail.example:465",
      RATE_LIMIT_SCALE: "100",
      E2E_TEST_ROUTES: "1",
    });
    expect(env).toMatchObject({ PUBLIC_URL: "https://market.example", RATE_LIMIT_SCALE: 100, E2E_TEST_ROUTES: "1" });
    expect(() => loadEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ PUBLIC_URL: "ftp://market.example" })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ E2E_TEST_ROUTES: "true" })).toThrow(/E2E_TEST_ROUTES/);
  });

  it("refuses the test routes on a server other machines can reach, and in production", () => {
    for (const HOST of ["127.0.0.1", "::1", "localhost"]) {
      expect(loadEnv({ HOST, E2E_TEST_ROUTES: "1", NODE_ENV: "test" })).toMatchObject({ E2E_TEST_ROUTES: "1" });
      expect(() => loadEnv({ HOST, E2E_TEST_ROUTES: "1", ...PRODUCTION })).toThrow(
        /E2E_TEST_ROUTES: never allowed with NODE_ENV=production/,
      );
    }
    for (const HOST of ["0.0.0.0", "::", "10.0.0.5", "market.example"]) {
      expect(() => loadEnv({ HOST, E2E_TEST_ROUTES: "1" })).toThrow(/E2E_TEST_ROUTES: only allowed while HOST/);
      expect(loadEnv({ HOST }).HOST).toBe(HOST);
    }
  });

  it("requires a search id secret of 32 characters or more in production only", () => {
    expect(loadEnv({}).SEARCH_ID_SECRET).toBeUndefined();
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/SEARCH_ID_SECRET: must be set when NODE_ENV=production/);
    expect(() => loadEnv({ NODE_ENV: "production", SEARCH_ID_SECRET: "short" })).toThrow(/SEARCH_ID_SECRET/);
    expect(loadEnv(PRODUCTION).SEARCH_ID_SECRET).toBe(PRODUCTION.SEARCH_ID_SECRET);
  });
});
