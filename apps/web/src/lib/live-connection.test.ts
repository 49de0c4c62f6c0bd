import { describe, expect, it, vi } from "vitest";
import { type ConnectionStateLike, createLiveConnection, liveStatusOf } from "./live-connection";

describe("liveStatusOf", () => {
  it("tells a first connection from a lost one by the error that closed it", () => {
    expect(liveStatusOf({ state: "connecting", error: null })).toBe("connecting");
    expect(liveStatusOf({ state: "connecting", error: new Error("WebSocket closed") })).toBe("offline");
  });

  it("is online once connected, idle without a socket", () => {
    expect(liveStatusOf({ state: "pending", error: null })).toBe("online");
    expect(liveStatusOf({ state: "idle", error: null })).toBe("idle");
  });
});

describe("createLiveConnection", () => {
  it("follows the source and stops listening once unsubscribed", () => {
    let current: ConnectionStateLike = { state: "pending", error: null };
    const observers = new Set<{ next(state: ConnectionStateLike): void }>();
    const source = {
      get: () => current,
      subscribe(observer: { next(state: ConnectionStateLike): void }) {
        observers.add(observer);
        return { unsubscribe: () => observers.delete(observer) };
      },
    };
    const push = (next: ConnectionStateLike) => {
      current = next;
      for (const observer of observers) observer.next(next);
    };
    const connection = createLiveConnection(source);
    const listener = vi.fn();
    const stop = connection.subscribe(listener);
    push({ state: "connecting", error: new Error("closed") });
    expect(connection.getSnapshot()).toBe("offline");
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    push({ state: "pending", error: null });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(connection.getSnapshot()).toBe("online");
  });
});
