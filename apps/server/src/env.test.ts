import { describe, expect, it } from "vitest";
import { loadEnv, shouldSeedDemo } from "./env";

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
});
