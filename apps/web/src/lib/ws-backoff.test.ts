import { describe, expect, it } from "vitest";
import { createReconnectBackoff, wsReconnectDelayMs } from "./ws-backoff";

describe("wsReconnectDelayMs", () => {
  it("grows by 15 s per attempt and stops at 60 s", () => {
    expect([0, 1, 2, 3, 4, 10].map(wsReconnectDelayMs)).toEqual([15_000, 30_000, 45_000, 60_000, 60_000, 60_000]);
  });
});

describe("createReconnectBackoff", () => {
  const clock = () => {
    let time = 0;
    return { now: () => time, advance: (ms: number) => (time += ms) };
  };

  it("waits 15 s more at each failed try, at most 60 s", () => {
    const backoff = createReconnectBackoff();
    const delays = Array.from({ length: 6 }, () => backoff.nextDelayMs());
    expect(delays).toEqual([15_000, 30_000, 45_000, 60_000, 60_000, 60_000]);
  });

  it("keeps growing when a connection drops before it was stable", () => {
    const time = clock();
    const backoff = createReconnectBackoff({ stableMs: 30_000, now: time.now });
    backoff.nextDelayMs();
    backoff.opened();
    time.advance(29_999);
    backoff.closed();
    expect(backoff.nextDelayMs()).toBe(30_000);
  });

  it("starts again from 15 s after a stable connection", () => {
    const time = clock();
    const backoff = createReconnectBackoff({ stableMs: 30_000, now: time.now });
    backoff.nextDelayMs();
    backoff.nextDelayMs();
    backoff.opened();
    time.advance(30_000);
    backoff.closed();
    expect(backoff.nextDelayMs()).toBe(15_000);
  });

  it("does not reset on a close that followed no open (a failed try)", () => {
    const time = clock();
    const backoff = createReconnectBackoff({ stableMs: 30_000, now: time.now });
    backoff.nextDelayMs();
    time.advance(60_000);
    backoff.closed();
    expect(backoff.nextDelayMs()).toBe(30_000);
  });
});
