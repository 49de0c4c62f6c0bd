import { defineConfig } from "vitest/config";

const INTEGRATION = ["**/*.int.test.ts"];
const IGNORED = ["**/node_modules/**", "**/dist/**", "e2e/**"];
const UNIT = ["{apps,packages,scripts}/**/*.test.{ts,tsx}"];
/**
 * Tests that need PostgreSQL itself: of the built server as a deployment runs it (`*.built.test.ts`: several
 * instances, a balancer, the drain; `npm test` builds first) and of PostgreSQL's own machinery (`*.pg.test.ts`: a
 * pooler in front of it).
 */
const POSTGRES_ONLY = ["{apps,packages,scripts}/**/*.built.test.ts", "{apps,packages,scripts}/**/*.pg.test.ts"];
/**
 * Unit tests that read a module's state as a fresh import leaves it (the texts i18n holds before loadAllTexts has
 * run): they run isolated, every other unit file shares its worker's imports (see "unit" below).
 */
const FRESH_MODULES = ["apps/web/src/lib/i18n.test.ts"];
/**
 * Integration files that replace a module (vi.mock): they run isolated, every other integration file shares its
 * worker's imports (see "integration" below).
 */
const FRESH_INTEGRATION = ["packages/api/src/services/applications/lifecycle/sweeps-read-timers.int.test.ts"];

/**
 * Unit tests of pure rules (`*.test.ts`), integration tests against a real database (`*.int.test.ts`: PGlite in
 * memory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set), and the PostgreSQL-only tests above.
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
          include: UNIT,
          exclude: [...IGNORED, ...INTEGRATION, ...POSTGRES_ONLY, ...FRESH_MODULES],
          environment: "node",
          // Pure rules over shared modules: importing the graph again for each of 160 files cost 179 s of the
          // project's 229 s (load ~18); shared, the project takes 30 s. A file that needs fresh modules goes to
          // FRESH_MODULES.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-fresh",
          include: FRESH_MODULES,
          exclude: IGNORED,
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: INTEGRATION.map((glob) => `{apps,packages,scripts}/${glob}`),
          exclude: [...IGNORED, ...FRESH_INTEGRATION],
          environment: "node",
          setupFiles: ["./scripts/test-setup/msw.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own database and app (createTestDb, useTestDb), so the modules can be shared:
          // isolated, importing the server's graph again for each of 390 files was 220 s of the run's CPU.
          // scripts/test-setup/msw.ts keeps one msw server per worker.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-fresh",
          include: FRESH_INTEGRATION,
          exclude: IGNORED,
          environment: "node",
          setupFiles: ["./scripts/test-setup/msw.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // PostgreSQL only (scripts/test.mjs says so when TEST_DATABASE_URL is not set, and CI fails then).
      ...(process.env.TEST_DATABASE_URL ? [postgresProject()] : []),
    ],
  },
});

function postgresProject() {
  return {
    extends: true,
    test: {
      name: "postgres",
      include: POSTGRES_ONLY,
      exclude: IGNORED,
      environment: "node",
      // Each file starts servers of its own (instances, a balancer, a pooler): one file at a time.
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 240_000,
    },
  } as const;
}
