import { describe, expect, it } from "vitest";
import { expirationLabel } from "./proposal-panel";

describe("expirationLabel", () => {
  it("shows the expiration of a waiting proposal, past or not", () => {
    expect(expirationLabel("WAITING", false)).toBe("DEAL_PAGE.EXPIRES_ON");
    expect(expirationLabel("WAITING", true)).toBe("DEAL_PAGE.EXPIRED_ON");
  });

  it("shows when an expired proposal lapsed, as the server reads it (DENIED, EXPIRED)", () => {
    expect(expirationLabel("DENIED", true)).toBe("DEAL_PAGE.EXPIRED_ON");
  });

  it("leaves it out once the proposal was accepted, completed or declined", () => {
    for (const status of ["PROGRESS", "COMPLETE", "DENIED"] as const) expect(expirationLabel(status, false)).toBeNull();
  });
});
