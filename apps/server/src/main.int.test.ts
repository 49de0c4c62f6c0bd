import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";

it("refuses to start in production without SEARCH_ID_SECRET, saying so in one line", () => {
  // Should the check ever go, the server would start: on a free port and a throwaway folder, stopped by the timeout.
  const dataDir = mkdtempSync(join(tmpdir(), "main-env-"));
  // Only these variables: none of the caller's (a SEARCH_ID_SECRET or DATABASE_URL) leaks in.
  const env = { NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir };
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", new URL("./main.ts", import.meta.url).pathname], {
      env,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Invalid environment:\n  SEARCH_ID_SECRET: must be set when NODE_ENV=production");
    expect(run.stderr).not.toMatch(/^\s+at /m);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
