import {
  APPLICATION_ACTIONS,
  type ApplicationAction,
  type ApplicationStatus,
  type DeniedReason,
  REASONS,
  RELEASE_WINDOW_MS,
} from "@market/contracts";
import { describe, expect, expectTypeOf, it } from "vitest";
import { effectiveStatus, isPastExpiration } from "../effective-status";
import { countdownAfter, RELEASE_CLOCK_EFFECTS } from "./countdown";
import {
  ACTOR_ROLES,
  type Actor,
  type ClockEffects,
  decide,
  hasPassed,
  type LifecycleRow,
  TIMERS,
  type TimerName,
  TRANSITIONS,
} from "./transitions";

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
    });
    expect(TRANSITIONS.workNotDone[0]?.writes).toMatchObject({
      chat: "work_not_done",
      notify: { type: "work_not_done", to: ["influencer"] },
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
    for (const transition of TRANSITIONS.arbitration) {
      expect(transition.writes).toMatchObject({
        mailsSupport: true,
        notify: { type: "arbitration", to: ["otherParty"] },
      });
    }
    for (const transition of TRANSITIONS.closeCase) {
      expect(transition.writes).toMatchObject({ chat: "case_closed", chatByPlatform: true });
    }
  });
});

/**
 * What each action does to the clocks, written out by hand from spec section 4 and issue 13: work done arms the
 * brand's window and its reminders start over, the contest and a request for arbitration pause it, the admin's close
 * resumes it, the money's moving ends it; the influencer's update sets a new expiration. Nothing else touches time.
 */
const CLOCKS: Partial<Record<ApplicationAction, ClockEffects>> = {
  update: { expiry: "set" },
  workDone: { release: "arm", releaseReminders: "restart" },
  workNotDone: { release: "pauseForContest" },
  arbitration: { release: "pauseForArbitration" },
  closeCase: { release: "resume" },
  release: { release: "end" },
  autoRelease: { release: "end" },
  refund: { release: "end" },
};

const DEADLINES = [
  ["expiry", TIMERS.expiry],
  ["release", TIMERS.release],
] as const;

describe("the lifecycle table's clocks", () => {
  it("names one effect per clock, on the clocks it declares", () => {
    expectTypeOf<keyof ClockEffects>().toEqualTypeOf<TimerName>();
    expect(Object.keys(TIMERS).sort()).toEqual(["expiry", "release", "releaseReminders"]);
    expect([...RELEASE_CLOCK_EFFECTS].sort()).toEqual([
      "arm",
      "end",
      "pauseForArbitration",
      "pauseForContest",
      "resume",
    ]);
  });

  it.each(APPLICATION_ACTIONS)("declares what %s does to the clocks, and nothing else", (action) => {
    for (const transition of TRANSITIONS[action]) expect(transition.writes.clocks).toEqual(CLOCKS[action]);
  });

  it.each(DEADLINES)(
    "fires the %s deadline as a system transition from its status, on a row field",
    (name, deadline) => {
      const fired = TRANSITIONS[deadline.fires];
      expect(fired.length).toBe(1);
      for (const transition of fired) {
        expect(transition.by).toEqual(["system"]);
        expect(transition.from).toBe(deadline.status);
      }
      for (const row of ALL_ROWS) expect(ROWS[row]).toHaveProperty(deadline.at);
      // Something sets the instant it waits for.
      expect(APPLICATION_ACTIONS.some((action) => CLOCKS[action]?.[name])).toBe(true);
    },
  );

  it.each(DEADLINES)(
    "lets the system take the %s deadline's transition exactly on the rows past it in its status",
    (_, deadline) => {
      for (const row of ALL_ROWS) {
        const due = ROWS[row].status === deadline.status && hasPassed(deadline, ROWS[row], now);
        const decision = decide(ROWS[row], deadline.fires, ACTORS.system, now);
        // The table may still refuse a due row for a reason of its own (a refund under way), never take one not due.
        expect(decision.ok).toBe(due && row !== "refunding");
      }
    },
  );

  it("expires a proposal exactly when every read shows it expired", () => {
    for (const row of ALL_ROWS) {
      expect(hasPassed(TIMERS.expiry, ROWS[row], now)).toBe(isPastExpiration(ROWS[row], now));
    }
    for (const expiration of [earlier, now, later]) {
      const waiting = { ...ROWS.waiting, expiration };
      const lapsed = hasPassed(TIMERS.expiry, waiting, now);
      expect(effectiveStatus(waiting, now).status).toBe(lapsed ? "DENIED" : TIMERS.expiry.status);
    }
  });

  it("reminds before a deadline at leads longest first, within its window, counted on the row", () => {
    const reminders = TIMERS.releaseReminders;
    expect(TIMERS[reminders.before]).toBe(TIMERS.release);
    expect(reminders.leadsMs.length).toBeGreaterThan(0);
    expect([...reminders.leadsMs]).toEqual([...reminders.leadsMs].sort((a, b) => b - a));
    for (const lead of reminders.leadsMs) expect(lead > 0 && lead < RELEASE_WINDOW_MS).toBe(true);
    for (const row of ALL_ROWS) expect(ROWS[row]).toHaveProperty(reminders.countedIn);
  });

  it("moves the release instant only by the effects that say so", () => {
    const moving = new Set(["arm", "resume"]);
    for (const effect of RELEASE_CLOCK_EFFECTS) {
      for (const row of ALL_ROWS) {
        const after = countdownAfter(effect, ROWS[row], now);
        if (!moving.has(effect) && after.moneyReleaseDate !== null) {
          expect(after.moneyReleaseDate).toEqual(ROWS[row].moneyReleaseDate);
        }
      }
    }
    expect(countdownAfter("arm", ROWS.progress, now).moneyReleaseDate).toEqual(
      new Date(now.getTime() + RELEASE_WINDOW_MS),
    );
  });
});
