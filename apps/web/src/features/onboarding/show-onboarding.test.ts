import { describe, expect, it } from "vitest";
import { showsOnboarding } from "./show-onboarding";

describe("showsOnboarding", () => {
  it("shows the modal to a user who has not passed it yet", () => {
    expect(showsOnboarding({ hasSeenOnboarding: false, isImpersonating: false })).toBe(true);
  });

  it("never shows it again once passed, nor to an impersonating admin", () => {
    expect(showsOnboarding({ hasSeenOnboarding: true, isImpersonating: false })).toBe(false);
    expect(showsOnboarding({ hasSeenOnboarding: false, isImpersonating: true })).toBe(false);
  });
});
