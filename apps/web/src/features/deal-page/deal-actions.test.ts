import type { OwnApplicationSummary } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { dealActions } from "./deal-actions";

const now = new Date("2026-06-01T12:00:00Z");
const application = (
  status: OwnApplicationSummary["status"],
  expiration: string,
  deniedReason: OwnApplicationSummary["deniedReason"] = null,
): OwnApplicationSummary => ({
  id: 7,
  status,
  deniedReason,
  expiration: new Date(expiration),
  refund: null,
  prices: [],
});

describe("dealActions", () => {
  it("offers Send on an open deal without an application", () => {
    expect(dealActions({ status: "open" }, null, now)).toEqual({ notice: null, canSend: true, proposal: null });
    expect(dealActions({ status: "open" }, undefined, now).canSend).toBe(true);
  });

  it("shows the panel with Update for a WAITING application not yet expired", () => {
    expect(dealActions({ status: "open" }, application("WAITING", "2026-07-01T21:59:00Z"), now)).toEqual({
      notice: null,
      canSend: false,
      proposal: { expired: false, canUpdate: true },
    });
  });

  it("marks a WAITING application past its expiration as expired, without Update", () => {
    expect(dealActions({ status: "open" }, application("WAITING", "2026-05-31T21:59:00Z"), now)).toEqual({
      notice: null,
      canSend: false,
      proposal: { expired: true, canUpdate: false },
    });
    // The expiration instant itself is already past.
    expect(dealActions({ status: "open" }, application("WAITING", now.toISOString()), now).proposal).toEqual({
      expired: true,
      canUpdate: false,
    });
  });

  it("marks a proposal the server reads as DENIED, EXPIRED as expired, without Update", () => {
    expect(
      dealActions({ status: "open" }, application("DENIED", "2026-05-31T21:59:00Z", "EXPIRED"), now).proposal,
    ).toEqual({ expired: true, canUpdate: false });
  });

  it("shows a PROGRESS, COMPLETE or declined application without Update (and never expired)", () => {
    for (const status of ["PROGRESS", "COMPLETE", "DENIED"] as const) {
      expect(dealActions({ status: "open" }, application(status, "2026-05-01T00:00:00Z"), now)).toEqual({
        notice: null,
        canSend: false,
        proposal: { expired: false, canUpdate: false },
      });
    }
  });

  it("says a closed deal reached its deadline, with no Send", () => {
    expect(dealActions({ status: "closed" }, null, now)).toEqual({ notice: "closed", canSend: false, proposal: null });
  });

  it("says a paused deal is paused, with no Send", () => {
    expect(dealActions({ status: "paused" }, null, now)).toEqual({ notice: "paused", canSend: false, proposal: null });
  });

  it("keeps a WAITING application updatable on a closed or paused deal (the server checks the application)", () => {
    for (const status of ["closed", "paused"] as const) {
      expect(dealActions({ status }, application("WAITING", "2026-07-01T21:59:00Z"), now)).toEqual({
        notice: status,
        canSend: false,
        proposal: { expired: false, canUpdate: true },
      });
    }
  });
});
