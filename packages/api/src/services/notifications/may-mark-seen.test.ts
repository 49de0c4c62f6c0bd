import { describe, expect, it } from "vitest";
import { mayMarkSeen } from "./may-mark-seen";

describe("mayMarkSeen", () => {
  it("lets the user's own session mark notifications seen", () => {
    expect(mayMarkSeen({ impersonatorId: null })).toBe(true);
  });

  it("refuses an admin impersonating the user", () => {
    expect(mayMarkSeen({ impersonatorId: 7 })).toBe(false);
  });
});
