import { describe, expect, it } from "vitest";
import { createDrainState, type DrainSteps, drain } from "./drain";

/** Steps that record what ran, in order; each may be made to hang. */
function recordingSteps(overrides: Partial<DrainSteps> = {}) {
  const done: string[] = [];
  const log = { info: () => {}, error: (_details: object, message: string) => done.push(`log: ${message}`) };
  const step = (name: string) => async () => {
    done.push(name);
  };
  const steps: DrainSteps = {
    log,
    delayMs: 50,
    timeoutMs: 2_000,
    stopWork: step("stopWork"),
    closeServer: step("closeServer"),
    closeDatabase: step("closeDatabase"),
    ...overrides,
  };
  return { steps, done };
}

describe("drain", () => {
  it("marks the instance draining at once, closes the server after the delay, the database last, and exits 0", async () => {
    const state = createDrainState();
    let closedAt = 0;
    const { steps, done } = recordingSteps({
      closeServer: async () => {
        closedAt = performance.now();
        done.push("closeServer");
      },
    });
    const startedAt = performance.now();
    const code = drain(state, steps);
    expect(state.isDraining()).toBe(true);
    expect(await code).toBe(0);
    expect(closedAt - startedAt).toBeGreaterThanOrEqual(45);
    expect(done).toEqual(["stopWork", "closeServer", "closeDatabase"]);
  });

  it("waits for the work under way before closing the database", async () => {
    let finishWork = () => {};
    const { steps, done } = recordingSteps({
      stopWork: () =>
        new Promise<void>((resolve) => {
          finishWork = () => {
            done.push("work finished");
            resolve();
          };
        }),
    });
    const code = drain(createDrainState(), steps);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(done).toEqual(["closeServer"]);
    finishWork();
    expect(await code).toBe(0);
    expect(done).toEqual(["closeServer", "work finished", "closeDatabase"]);
  });

  it("gives up at the bound with exit code 1 when something never ends", async () => {
    const { steps, done } = recordingSteps({ timeoutMs: 200, closeServer: () => new Promise(() => {}) });
    const startedAt = performance.now();
    expect(await drain(createDrainState(), steps)).toBe(1);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(done).toContain("log: the drain did not end within DRAIN_TIMEOUT_MS: exiting anyway");
    expect(done).not.toContain("closeDatabase");
  });
});
