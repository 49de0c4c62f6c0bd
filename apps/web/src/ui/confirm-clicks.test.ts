import { ADMIN_CONFIRM_CLICKS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { INITIAL_COUNTER, press, remainingClicks } from "./confirm-clicks";

describe("admin confirmation clicks", () => {
  it("needs 3 clicks", () => {
    expect(ADMIN_CONFIRM_CLICKS).toBe(3);
    let counter = INITIAL_COUNTER;
    expect(remainingClicks(counter)).toBe(3);
    let step = press(counter);
    expect(step.confirmed).toBe(false);
    counter = step.counter;
    expect(remainingClicks(counter)).toBe(2);
    step = press(counter);
    expect(step.confirmed).toBe(false);
    counter = step.counter;
    expect(remainingClicks(counter)).toBe(1);
    step = press(counter);
    expect(step.confirmed).toBe(true);
    expect(step.counter).toEqual(INITIAL_COUNTER);
    expect(remainingClicks(step.counter)).toBe(3);
  });
});
