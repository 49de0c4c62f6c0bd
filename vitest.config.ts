import { defineConfig } from "vitest/config";

const INTEGRATION = ["**/*.int.test.ts"];
const IGNORED = ["**/node_modules/**", "**/dist/**", "e2e/**"];

/**
 * Two projects: unit tests of pure rules (`*.test.ts`) and integration tests against a real database
 * (`*.int.test.ts`: PGlite in memory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    // Two cores: one worker per core keeps PGlite and PostgreSQL from starving each other.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{apps,packages,scripts}/**/*.test.{ts,tsx}"],
          exclude: [...IGNORED, ...INTEGRATION],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: INTEGRATION.map((glob) => `{apps,packages,scripts}/${glob}`),
          exclude: IGNORED,
          environment: "node",
          setupFiles: ["./scripts/test-setup/msw.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
