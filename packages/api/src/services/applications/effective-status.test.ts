import { describe, expect, it } from "vitest";
import { effectiveStatus, isPastExpiration } from "./effective-status";

const now = new Date("2026-06-01T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);

describe("effectiveStatus", () => {
  it("reads a WAITING application past its expiration as DENIED, EXPIRED", () => {
    expect(effectiveStatus({ status: "WAITING", expiration: at(-1), deniedReason: null }, now)).toEqual({
      status: "DENIED",
      deniedReason: "EXPIRED",
    });
  });

  it("counts the expiration instant itself as past", () => {
    expect(isPastExpiration({ expiration: now }, now)).toBe(true);
    expect(effectiveStatus({ status: "WAITING", expiration: now, deniedReason: null }, now).status).toBe("DENIED");
  });

  it("keeps a WAITING application before its expiration as it is", () => {
    expect(effectiveStatus({ status: "WAITING", expiration: at(1), deniedReason: null }, now)).toEqual({
      status: "WAITING",
      deniedReason: null,
    });
  });

  it("never changes the other statuses, whatever the expiration", () => {
    for (const status of ["PROGRESS", "COMPLETE"] as const) {
      expect(effectiveStatus({ status, expiration: at(-1), deniedReason: null }, now)).toEqual({
        status,
        deniedReason: null,
      });
    }
    expect(effectiveStatus({ status: "DENIED", expiration: at(-1), deniedReason: "FAKE" }, now)).toEqual({
      status: "DENIED",
      deniedReason: "FAKE",
    });
  });
});
