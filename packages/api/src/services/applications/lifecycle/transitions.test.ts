import {
  APPLICATION_ACTIONS,
  type ApplicationAction,
  type ApplicationStatus,
  type DeniedReason,
  REASONS,
} from "@market/contracts";
import { describe, expect, it } from "vitest";
import { effectiveStatus } from "../effective-status";
import { ACTOR_ROLES, type Actor, decide, type LifecycleRow, TRANSITIONS } from "./transitions";

const now = new Date("2026-06-01T12:00:00Z");
const later = new Date(now.getTime() + 1000);
const earlier = new Date(now.getTime() - 1000);

const NO_COUNTDOWN = {
  moneyReleaseDate: null,
  releaseRemainingMs: null,
  contestedAt: null,
  arbitrationOpenedAt: null,
  releaseRemindersSent: 0,
  refundRequestedAt: null,
} as const;
const base = (status: ApplicationStatus, expiration: Date, deniedReason: DeniedReason | null = null) => ({
  ...NO_COUNTDOWN,
  status,
  expiration,
  deniedReason,
});

/** Every kind of row the table tells apart. */
const ROWS = {
  waiting: base("WAITING", later),
  waitingPastExpiration: base("WAITING", earlier),
  progress: base("PROGRESS", earlier),
  workDone: { ...base("PROGRESS", earlier), moneyReleaseDate: later },
  releaseDue: { ...base("PROGRESS", earlier), moneyReleaseDate: earlier },
  /** The brand contested: the countdown is paused with the time left. */
  contested: { ...base("PROGRESS", earlier), releaseRemainingMs: 5000, contestedAt: earlier },
  /** A request for arbitration paused the countdown of a delivered work. */
  pausedByArbitration: { ...base("PROGRESS", earlier), releaseRemainingMs: 5000, arbitrationOpenedAt: earlier },
  /** A request for arbitration before the work was done. */
  progressCaseOpen: { ...base("PROGRESS", earlier), arbitrationOpenedAt: earlier },
  /** An admin's refund is under way: no release may move the escrow. */
  refunding: { ...base("PROGRESS", earlier), moneyReleaseDate: earlier, refundRequestedAt: earlier },
  complete: { ...base("COMPLETE", earlier), moneyReleaseDate: earlier },
  completeCaseOpen: { ...base("COMPLETE", earlier), moneyReleaseDate: earlier, arbitrationOpenedAt: earlier },
  declined: base("DENIED", later, "PRICE_TOO_HIGH"),
  expired: base("DENIED", earlier, "EXPIRED"),
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
const PROGRESS_ROWS: RowName[] = [
  "refunding",
  "progress",
  "workDone",
  "releaseDue",
  "contested",
  "pausedByArbitration",
  "progressCaseOpen",
];
const CASE_OPEN_ROWS: RowName[] = ["contested", "pausedByArbitration", "progressCaseOpen", "completeCaseOpen"];
const ALLOWED: Record<ApplicationAction, Partial<Record<ActorName, RowName[]>>> = {
  update: { influencer: ["waiting"], adminAsInfluencer: ["waiting"] },
  requestChanges: { brand: ["waiting"], adminAsBrand: ["waiting"] },
  decline: { brand: ["waiting"], adminAsBrand: ["waiting"] },
  expire: { system: ["waitingPastExpiration"] },
  accept: { brand: ["waiting"], adminAsBrand: ["waiting"] },
  // Not yet delivered, or delivered again after the brand's contest.
  workDone: {
    influencer: ["progress", "contested", "progressCaseOpen"],
    adminAsInfluencer: ["progress", "contested", "progressCaseOpen"],
  },
  // Delivered, not contested yet, and the window not over (the refunding row's window is over).
  workNotDone: { brand: ["workDone", "pausedByArbitration"], adminAsBrand: ["workDone", "pausedByArbitration"] },
  release: {
    brand: PROGRESS_ROWS.filter((row) => row !== "refunding"),
    adminAsBrand: PROGRESS_ROWS.filter((row) => row !== "refunding"),
  },
  autoRelease: { system: ["releaseDue"] },
  refund: { adminAsInfluencer: PROGRESS_ROWS, adminAsBrand: PROGRESS_ROWS },
  arbitration: Object.fromEntries(PARTIES.map((party) => [party, ALL_ROWS])),
  closeCase: { adminAsInfluencer: CASE_OPEN_ROWS, adminAsBrand: CASE_OPEN_ROWS },
};

const TARGET: Record<ApplicationAction, string> = {
  update: "WAITING",
  requestChanges: "WAITING",
  decline: "DENIED",
  expire: "DENIED",
  accept: "PROGRESS",
  workDone: "PROGRESS",
  workNotDone: "PROGRESS",
  release: "COMPLETE",
  autoRelease: "COMPLETE",
  refund: "DENIED",
  arbitration: "same",
  closeCase: "same",
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
    for (const action of ["update", "requestChanges", "decline", "accept"] as const) {
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

  it("checks the release date: work done once (again after a contest), work not done and the automatic release only after it", () => {
    expect(decide(ROWS.workDone, "workDone", ACTORS.influencer, now)).toMatchObject({ reason: "conflict" });
    expect(decide(ROWS.pausedByArbitration, "workDone", ACTORS.influencer, now)).toMatchObject({
      reason: "conflict",
    });
    expect(decide(ROWS.progress, "workNotDone", ACTORS.brand, now)).toMatchObject({ reason: "not_allowed_yet" });
    expect(decide(ROWS.contested, "workNotDone", ACTORS.brand, now)).toMatchObject({ reason: "conflict" });
    expect(decide(ROWS.releaseDue, "workNotDone", ACTORS.brand, now)).toMatchObject({ reason: "closed" });
    expect(decide(ROWS.workDone, "autoRelease", ACTORS.system, now)).toMatchObject({ reason: "not_allowed_yet" });
    expect(decide(ROWS.progress, "autoRelease", ACTORS.system, now)).toMatchObject({ reason: "not_allowed_yet" });
    expect(decide(ROWS.contested, "autoRelease", ACTORS.system, now)).toMatchObject({ reason: "not_allowed_yet" });
  });

  it("keeps every release off the escrow while a refund is under way", () => {
    expect(decide(ROWS.refunding, "release", ACTORS.brand, now)).toMatchObject({ reason: "conflict" });
    expect(decide(ROWS.refunding, "autoRelease", ACTORS.system, now)).toMatchObject({ reason: "conflict" });
    expect(decide(ROWS.refunding, "refund", ACTORS.adminAsBrand, now)).toMatchObject({ ok: true });
  });

  it("closes only an open case, for an impersonating admin", () => {
    expect(decide(ROWS.workDone, "closeCase", ACTORS.adminAsBrand, now)).toMatchObject({ reason: "conflict" });
    expect(decide(ROWS.contested, "closeCase", ACTORS.brand, now)).toMatchObject({ reason: "forbidden" });
    expect(decide(ROWS.contested, "closeCase", ACTORS.influencer, now)).toMatchObject({ reason: "forbidden" });
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
    expect(TRANSITIONS.update[0]?.writes).toMatchObject({ chat: "price_update", notify: { to: ["brand"] } });
    expect(TRANSITIONS.requestChanges[0]?.writes).toMatchObject({
      chat: "change_request",
      notify: { to: ["influencer"] },
    });
    expect(TRANSITIONS.decline[0]?.writes).toMatchObject({
      chat: null,
      notify: { type: "declined", to: ["influencer"] },
    });
    expect(TRANSITIONS.expire[0]?.writes).toMatchObject({ deniedReason: "EXPIRED", notify: { type: "declined" } });
    expect(TRANSITIONS.accept[0]?.writes).toMatchObject({ chat: "payment", ledger: "brandPays" });
    expect(TRANSITIONS.workDone[0]?.writes).toMatchObject({
      chat: "work_done",
      notify: { type: "work_done", to: ["brand"] },
      countdown: "deliver",
    });
    expect(TRANSITIONS.workNotDone[0]?.writes).toMatchObject({
      chat: "work_not_done",
      notify: { type: "work_not_done", to: ["influencer"] },
      countdown: "contest",
      mailsSupport: true,
    });
    expect(TRANSITIONS.release[0]?.writes).toMatchObject({
      chat: "money_released",
      notify: { to: ["influencer"] },
      ledger: "release",
    });
    expect(TRANSITIONS.autoRelease[0]?.writes).toMatchObject({
      chat: "money_released",
      notify: { to: ["influencer", "brand"] },
      ledger: "release",
    });
    expect(TRANSITIONS.refund[0]?.writes).toMatchObject({
      chat: "refund",
      chatByPlatform: true,
      notify: { type: "refund", to: ["brand", "influencer"] },
      ledger: "refund",
    });
    for (const transition of TRANSITIONS.arbitration) expect(transition.writes.countdown).toBe("openArbitration");
    for (const transition of TRANSITIONS.closeCase) {
      expect(transition.writes).toMatchObject({ chat: "case_closed", chatByPlatform: true, countdown: "closeCase" });
    }
  });
});
