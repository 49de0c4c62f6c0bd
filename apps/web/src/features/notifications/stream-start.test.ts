import { describe, expect, it } from "vitest";
import { streamStartOf } from "./stream-start";
import { aNotification } from "./test-notification";

describe("streamStartOf", () => {
  it("starts after the newest notification of the list", () => {
    const items = [aNotification({ id: 42 }), aNotification({ id: 40 })];
    expect(streamStartOf({ data: { items }, isError: false })).toBe("42");
  });

  it("starts from the first notification when the user has none yet", () => {
    expect(streamStartOf({ data: { items: [] }, isError: false })).toBe("0");
  });

  it("waits for the list, and starts from now on when it cannot load", () => {
    expect(streamStartOf({ isError: false })).toBeUndefined();
    expect(streamStartOf({ isError: true })).toBeNull();
  });
});
