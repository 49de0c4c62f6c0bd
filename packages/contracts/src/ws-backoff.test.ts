import { describe, expect, it } from "vitest";
import { WS_CLOSE_SERVER_RESTART } from "./constants";
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

describe("a server's restart (1012)", () => {
  it("reconnects after a random wait of 0.5 to 5 s, spread by the random draw, without growing the delays", () => {
    const draws = [0, 0.5, 1];
    const backoff = createReconnectBackoff({ random: () => draws.shift() ?? 0 });
    backoff.nextDelayMs();
    const waits: number[] = [];
    for (let restart = 0; restart < 3; restart += 1) {
      backoff.opened();
      backoff.closed(WS_CLOSE_SERVER_RESTART);
      waits.push(backoff.nextDelayMs());
    }
    expect(waits).toEqual([500, 2_750, 5_000]);
    // The try after a restart's failed: the spec's delays again, where they were.
    expect(backoff.nextDelayMs()).toBe(30_000);
  });

  it("keeps the spec's delays for any other close, and for a 1012 on a socket that never opened", () => {
    const backoff = createReconnectBackoff({ random: () => 0 });
    backoff.opened();
    backoff.closed(1006);
    expect(backoff.nextDelayMs()).toBe(15_000);
    backoff.closed(WS_CLOSE_SERVER_RESTART);
    expect(backoff.nextDelayMs()).toBe(30_000);
  });
});
