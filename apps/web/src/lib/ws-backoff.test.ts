import { describe, expect, it } from "vitest";
import { wsReconnectDelayMs } from "./ws-backoff";

describe("wsReconnectDelayMs", () => {
  it("grows by 15 s per attempt and stops at 60 s", () => {
    expect([0, 1, 2, 3, 4, 10].map(wsReconnectDelayMs)).toEqual([15_000, 30_000, 45_000, 60_000, 60_000, 60_000]);
  });
});
