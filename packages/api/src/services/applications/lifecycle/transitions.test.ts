import { APPLICATION_ACTIONS, type ApplicationAction, REASONS, RELEASE_WINDOW_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { effectiveStatus } from "../effective-status";
import { ACTOR_ROLES, type Actor, decide, type LifecycleRow, releaseDateFrom, TRANSITIONS } from "./transitions";

const now = new Date("2026-06-01T12:00:00Z");
const later = new Date(now.getTime() + 1000);
const earlier = new Date(now.getTime() - 1000);

/** Every kind of row the table tells apart. */
const ROWS = {
  waiting: { status: "WAITING", expiration: later, deniedReason: null, moneyReleaseDate: null },
  waitingPastExpiration: { status: "WAITING", expiration: earlier, deniedReason: null, moneyReleaseDate: null },
  progress: { status: "PROGRESS", expiration: earlier, deniedReason: null, moneyReleaseDate: null },
  workDone: { status: "PROGRESS", expiration: earlier, deniedReason: null, moneyReleaseDate: later },
  releaseDue: { status: "PROGRESS", expiration: earlier, deniedReason: null, moneyReleaseDate: earlier },
  complete: { status: "COMPLETE", expiration: earlier, deniedReason: null, moneyReleaseDate: null },
  declined: { status: "DENIED", expiration: later, deniedReason: "PRICE_TOO_HIGH", moneyReleaseDate: null },
  expired: { status: "DENIED", expiration: earlier, deniedReason: "EXPIRED", moneyReleaseDate: null },
} as const satisfies Record<string, LifecycleRow>;
type RowName = keyof typeof ROWS;

const ACTORS = {
  influencer: { role: "influencer", impersonating: false },
  brand: { role: "brand", impersonating: false },
  adminAsInfluencer: { role: "influencer", impersonating: true },
  adminAsBrand: { role: "brand", impersonating: true },
  system: { role: "system", impersonating: false },
} as const satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const ALL_ROWS = Object.keys(ROWS) as RowName[];
const PARTIES: ActorName[] = ["influencer", "brand", "adminAsInfluencer", "adminAsBrand"];

/**
 * Spec section 4 written out by hand, independently of the table: for each action, who may take it and on
 * which rows. An impersonating admin acts as the user it impersonates; only the refund needs one.
 */
const ALLOWED: Record<ApplicationAction, Partial<Record<ActorName, RowName[]>>> = {
  update: { influencer: ["waiting"], adminAsInfluencer: ["waiting"] },
  requestChanges: { brand: ["waiting"], adminAsBrand: ["waiting"] },
  decline: { brand: ["waiting"], adminAsBrand: ["waiting"] },
  expire: { system: ["waitingPastExpiration"] },
  acceptAndPay: { brand: ["waiting"], adminAsBrand: ["waiting"] },
  workDone: { influencer: ["progress"], adminAsInfluencer: ["progress"] },
  workNotDone: { brand: ["workDone", "releaseDue"], adminAsBrand: ["workDone", "releaseDue"] },
  release: { brand: ["progress", "workDone", "releaseDue"], adminAsBrand: ["progress", "workDone", "releaseDue"] },
  autoRelease: { system: ["releaseDue"] },
  refund: {
    adminAsInfluencer: ["progress", "workDone", "releaseDue"],
    adminAsBrand: ["progress", "workDone", "releaseDue"],
  },
  arbitration: Object.fromEntries(PARTIES.map((party) => [party, ALL_ROWS])),
};

const TARGET: Record<ApplicationAction, string> = {
  update: "WAITING",
  requestChanges: "WAITING",
  decline: "DENIED",
  expire: "DENIED",
  acceptAndPay: "PROGRESS",
  workDone: "PROGRESS",
  workNotDone: "PROGRESS",
  release: "COMPLETE",
  autoRelease: "COMPLETE",
  refund: "DENIED",
  arbitration: "same",
};

describe("the lifecycle table", () => {
  const cases = APPLICATION_ACTIONS.flatMap((action) =>
    (Object.keys(ACTORS) as ActorName[]).flatMap((actor) => ALL_ROWS.map((row) => ({ action, actor, row }))),
  );

  it("covers every action of spec section 4", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...APPLICATION_ACTIONS].sort());
    expect(ACTOR_ROLES).toEqual(["influencer", "brand", "system"]);
  });

  it.each(cases)(
    "$action by $actor on $row: allowed by the table or refused with a catalogued reason",
    ({ action, actor, row }) => {
      const decision = decide(ROWS[row], action, ACTORS[actor], now);
      const allowed = ALLOWED[action][actor]?.includes(row) ?? false;
      expect(decision.ok).toBe(allowed);
      if (decision.ok) {
        // Arbitration leaves the status as every read shows it (a lapsed proposal reads DENIED).
        const target = TARGET[action] === "same" ? effectiveStatus(ROWS[row], now).status : TARGET[action];
        expect(decision.transition.to).toBe(target);
      } else {
        expect(REASONS).toContain(decision.reason);
        expect(decision.message.length).toBeGreaterThan(0);
      }
    },
  );

  it("refuses anyone the action is not for as forbidden, whatever the status", () => {
    for (const row of ALL_ROWS) {
      expect(decide(ROWS[row], "decline", ACTORS.influencer, now)).toMatchObject({ reason: "forbidden" });
      expect(decide(ROWS[row], "update", ACTORS.brand, now)).toMatchObject({ reason: "forbidden" });
      expect(decide(ROWS[row], "workDone", ACTORS.adminAsBrand, now)).toMatchObject({ reason: "forbidden" });
      expect(decide(ROWS[row], "refund", ACTORS.brand, now)).toMatchObject({ reason: "forbidden" });
      expect(decide(ROWS[row], "expire", ACTORS.brand, now)).toMatchObject({ reason: "forbidden" });
      expect(decide(ROWS[row], "arbitration", ACTORS.system, now)).toMatchObject({ reason: "forbidden" });
    }
  });

  it("reads a WAITING proposal past its expiration as expired for every waiting action", () => {
    for (const action of ["update", "requestChanges", "decline", "acceptAndPay"] as const) {
      const actor = action === "update" ? ACTORS.influencer : ACTORS.brand;
      expect(decide(ROWS.waitingPastExpiration, action, actor, now)).toMatchObject({ ok: false, reason: "expired" });
      expect(decide(ROWS.expired, action, actor, now)).toMatchObject({ ok: false, reason: "expired" });
    }
  });

  it("answers closed for a stage that has passed and not_allowed_yet for one not reached", () => {
    expect(decide(ROWS.progress, "update", ACTORS.influencer, now)).toMatchObject({ reason: "closed" });
    expect(decide(ROWS.declined, "decline", ACTORS.brand, now)).toMatchObject({ reason: "closed" });
    expect(decide(ROWS.complete, "release", ACTORS.brand, now)).toMatchObject({ reason: "closed" });
    expect(decide(ROWS.waiting, "workDone", ACTORS.influencer, now)).toMatchObject({ reason: "not_allowed_yet" });
    expect(decide(ROWS.waiting, "release", ACTORS.brand, now)).toMatchObject({ reason: "not_allowed_yet" });
  });

  it("checks the release date: work done once, work not done and the automatic release only after it", () => {
    expect(decide(ROWS.workDone, "workDone", ACTORS.influencer, now)).toMatchObject({ reason: "conflict" });
    expect(decide(ROWS.progress, "workNotDone", ACTORS.brand, now)).toMatchObject({ reason: "not_allowed_yet" });
    expect(decide(ROWS.workDone, "autoRelease", ACTORS.system, now)).toMatchObject({ reason: "not_allowed_yet" });
    expect(decide(ROWS.progress, "autoRelease", ACTORS.system, now)).toMatchObject({ reason: "not_allowed_yet" });
  });

  it("lets the system expire only a stored WAITING row past its expiration", () => {
    expect(decide(ROWS.waiting, "expire", ACTORS.system, now)).toMatchObject({ reason: "not_allowed_yet" });
    expect(decide(ROWS.waitingPastExpiration, "expire", ACTORS.system, now)).toMatchObject({
      ok: true,
      from: "WAITING",
    });
    expect(decide(ROWS.expired, "expire", ACTORS.system, now)).toMatchObject({ ok: false, reason: "expired" });
  });

  it("names what each action writes", () => {
    expect(TRANSITIONS.update[0]?.writes).toMatchObject({ chat: "price_update", notify: { to: "brand" } });
    expect(TRANSITIONS.requestChanges[0]?.writes).toMatchObject({
      chat: "change_request",
      notify: { to: "influencer" },
    });
    expect(TRANSITIONS.decline[0]?.writes).toMatchObject({
      chat: null,
      notify: { type: "declined", to: "influencer" },
    });
    expect(TRANSITIONS.expire[0]?.writes).toMatchObject({ deniedReason: "EXPIRED", notify: { type: "declined" } });
    expect(TRANSITIONS.acceptAndPay[0]?.writes).toMatchObject({ chat: "payment", ledger: "brandPays" });
    expect(TRANSITIONS.release[0]?.writes.ledger).toBe("release");
    expect(TRANSITIONS.autoRelease[0]?.writes.ledger).toBe("release");
    expect(TRANSITIONS.refund[0]?.writes.ledger).toBe("refund");
    expect(TRANSITIONS.workDone[0]?.writes.moneyReleaseDate).toBe("startWindow");
    expect(TRANSITIONS.workNotDone[0]?.writes.moneyReleaseDate).toBe("clear");
    expect(releaseDateFrom(now).getTime() - now.getTime()).toBe(RELEASE_WINDOW_MS);
  });
});
