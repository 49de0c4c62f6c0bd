import { describe, expect, it } from "vitest";
import { startEmbeddedRunner } from "./embedded-runner";
import type { JobDeps, ScheduledJob } from "./schedules";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the embedded job runner (PGlite)", () => {
  it("never starts a pass before the last one ended, however slow, and stop() waits for the pass under way", async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    let ended = 0;
    // Each pass lasts five times the pause between passes: a timer that did not wait would overlap them.
    const slow: ScheduledJob = {
      name: "slow",
      cron: "* * * * *",
      everyMs: 10,
      run: async () => {
        running += 1;
        passes += 1;
        most = Math.max(most, running);
        await sleep(50);
        running -= 1;
        ended += 1;
      },
    };
    const runner = startEmbeddedRunner([slow], { log: undefined } as unknown as JobDeps);
    await sleep(400);
    await runner.stop();

    expect(most).toBe(1);
    expect(passes).toBeGreaterThanOrEqual(3);
    // Stopped: the pass under way ended, no other began.
    expect(ended).toBe(passes);
    await sleep(100);
    expect(passes).toBe(ended);
  });

  it("logs a pass that throws and keeps the job's schedule", async () => {
    const warnings: string[] = [];
    let passes = 0;
    const failing: ScheduledJob = {
      name: "failing",
      cron: "* * * * *",
      everyMs: 10,
      run: async () => {
        passes += 1;
        throw new Error("the database is away");
      },
    };
    const log = { info() {}, warn: (_details: object, message: string) => void warnings.push(message) };
    const runner = startEmbeddedRunner([failing], { log } as unknown as JobDeps);
    await sleep(200);
    await runner.stop();
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(warnings).toHaveLength(passes);
    expect(warnings[0]).toBe("job pass failed");
  });
});
