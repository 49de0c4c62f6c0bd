import { BIO_CODE_VALIDITY_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { codeDeadline, formatCountdown, secondsLeft } from "./bio-code-countdown";

describe("the bio code countdown", () => {
  it("lasts the 5 minutes of spec section 9 from the request", () => {
    expect(BIO_CODE_VALIDITY_MS).toBe(300_000);
    expect(codeDeadline(1_000)).toBe(301_000);
    expect(secondsLeft(codeDeadline(1_000), 1_000)).toBe(300);
  });

  it("rounds up, so the last second still shows and 0 means expired", () => {
    const deadline = codeDeadline(0);
    expect(secondsLeft(deadline, 299_001)).toBe(1);
    expect(secondsLeft(deadline, 299_999)).toBe(1);
    expect(secondsLeft(deadline, 300_000)).toBe(0);
    expect(secondsLeft(deadline, 400_000)).toBe(0);
  });

  it("reads as minutes and two-digit seconds", () => {
    expect(formatCountdown(300)).toBe("5:00");
    expect(formatCountdown(245)).toBe("4:05");
    expect(formatCountdown(59)).toBe("0:59");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-3)).toBe("0:00");
  });
});
