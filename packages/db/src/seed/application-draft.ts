import {
  brandTotalCents,
  DAY_MS,
  DEFAULT_FEE_PERCENT,
  type DeniedReason,
  FEEDBACK_DELAY_MS,
  HOUR_MS,
  influencerNetCents,
  RELEASE_REMINDER_LEADS_MS,
  RELEASE_WINDOW_MS,
  REVIEW_WINDOW_MS,
  ROI_SCALE,
} from "@market/contracts";
import type { NewApplication, NewApplicationPrice, NewFeedback } from "../schema";
import { type ApplicationEvent, ChatDraft, eventsOf, type MessageDraft } from "./application-chat";
import type { PlannedApplication } from "./application-plan";
import { counterOffer, drawPrices, type NetworkPrice, plainPrice, priceUpdate } from "./application-prices";
import { STORY_STATUS, type Timeline } from "./application-stories";
import type { SeedClock } from "./clock";
import { fill } from "./context";
import { contentLink } from "./networks";
import type { Random } from "./random";
import {
  AFTER_RELEASE_TEXTS,
  ARBITRATION_TEXTS,
  BRAND_REPLIES,
  CHANGE_REQUEST_TEXTS,
  CONTEST_TEXTS,
  DECLINE_TEXTS,
  FEEDBACK_COMMENTS,
  HIRE_TEXTS,
  INFLUENCER_REPLIES,
  PRIVATE_COMMENTS,
  PROPOSAL_TEXTS,
  WORK_TEXTS,
} from "./words/conversations";

/** The last moment of a story, just before its anchor. */
const END_AGO = 0.002;
/** A moment after a message, as its follow-up (about a minute). */
const JUST_AFTER = 0.001;
const FEEDBACK_AFTER_DAYS = FEEDBACK_DELAY_MS / DAY_MS + 0.05;
/** Feedback is written before the reviews' window closes (issue 40), a little before to stay clear of its edge. */
const REVIEW_WINDOW_DAYS = (FEEDBACK_DELAY_MS + REVIEW_WINDOW_MS) / DAY_MS - 0.05;
const DECLINE_REASONS: readonly DeniedReason[] = [
  "NO_REASON",
  "NOT_ENOUGH_FOLLOWERS",
  "PRICE_TOO_HIGH",
  "BAD_AUDIENCE",
  "BAD_ENGAGEMENT",
];

export interface HireMoney {
  /** P, B and I of money.md, in cents. */
  priceCents: number;
  brandCents: number;
  influencerCents: number;
  paidAt: Date;
  releasedAt: Date | null;
  /** When an admin refunded the brand (refunded stories). */
  refundedAt: Date | null;
  /** Days before today the money was released, for payout history. */
  releasedAgo: number | null;
}

export interface ApplicationDraft {
  planned: PlannedApplication;
  row: NewApplication;
  prices: Omit<NewApplicationPrice, "applicationId">[];
  messages: MessageDraft[];
  feedback: Omit<NewFeedback, "applicationId"> | null;
  events: ApplicationEvent[];
  money: HireMoney | null;
  /**
   * The requests for arbitration of a contested hire: the brand's contest (work not done) and the influencer's
   * request, a system line in the chat; settled when an admin closed the case or refunded.
   */
  arbitrations: ArbitrationDraft[];
}

export interface ArbitrationDraft {
  userId: number;
  kind: "help" | "contest";
  text: string;
  createdAt: Date;
  resolvedAt: Date | null;
}

/** Every row of one application, following its story's timeline. */
export function draftApplication(rng: Random, clock: SeedClock, planned: PlannedApplication): ApplicationDraft {
  const { deal, influencer, story, timeline } = planned;
  const at = (ago: number) => clock.ago(ago, deal.anchor);
  const chat = new ChatDraft(
    rng,
    at,
    { brand: deal.brand.id, influencer: influencer.id },
    { username: influencer.username, dealTitle: deal.title },
  );
  const status = STORY_STATUS[story];
  const usable = influencer.networks.filter((network) => network.canApply && deal.networks.includes(network.type));
  const prices = proposalPhase(rng, chat, planned, drawPrices(rng, usable));

  // The brand ticks some or all priced networks when it hires.
  const hired = new Set(
    timeline.paidAgo !== undefined && prices.length > 1 && rng.chance(0.2)
      ? rng.sample(prices, rng.int(1, prices.length - 1)).map((price) => price.network.type)
      : prices.map((price) => price.network.type),
  );
  const priceCents = prices
    .filter((price) => hired.has(price.network.type))
    .reduce((sum, price) => sum + price.priceCents, 0);
  const hire = timeline.paidAgo === undefined ? null : hirePhase(rng, chat, planned, at, priceCents);
  const money = hire?.money ?? null;
  // A contested hire goes to arbitration: the brand's contest is a request of its own, and the influencer asks the
  // platform too, after the brand's message. No random draw, so the rest of the demo data stays as it was.
  const settledAgo = timeline.closedAgo ?? timeline.refundedAgo;
  const settledAt = settledAgo === undefined ? null : at(settledAgo);
  const arbitrationAgo = timeline.contestedAgo === undefined ? null : timeline.contestedAgo - 3 * JUST_AFTER;
  const arbitrations: ArbitrationDraft[] = [];
  if (timeline.contestedAgo !== undefined && arbitrationAgo !== null && hire?.contestText) {
    arbitrations.push(
      {
        userId: deal.brand.id,
        kind: "contest",
        text: hire.contestText,
        createdAt: at(timeline.contestedAgo),
        resolvedAt: settledAt,
      },
      {
        userId: influencer.id,
        kind: "help",
        text: ARBITRATION_TEXTS[deal.id % ARBITRATION_TEXTS.length] ?? "",
        createdAt: at(arbitrationAgo),
        resolvedAt: settledAt,
      },
    );
    chat.say(arbitrationAgo, "influencer", { type: "arbitration" });
  }

  const deniedReason: DeniedReason | null =
    status !== "DENIED" || story === "refunded"
      ? null
      : story === "denied_expired"
        ? "EXPIRED"
        : influencer.maybeFake
          ? "FAKE"
          : rng.pick(DECLINE_REASONS);
  const workDoneAt = timeline.workDoneAgo === undefined ? null : at(timeline.workDoneAgo);
  const countdown = countdownOf(clock, timeline, at, story);
  if (countdown.resumedReleaseDate && timeline.closedAgo !== undefined) {
    chat.say(timeline.closedAgo, null, {
      type: "case_closed",
      payload: { type: "case_closed", moneyReleaseDate: countdown.resumedReleaseDate.toISOString() },
    });
  }
  if (money && timeline.refundedAgo !== undefined) {
    chat.say(timeline.refundedAgo, null, {
      type: "refund",
      payload: { type: "refund", amountCents: money.brandCents },
    });
  }
  const deniedAt = timeline.deniedAgo === undefined ? null : at(timeline.deniedAgo);
  const releasedAgo = timeline.releasedAgo ?? 0;
  const feedback =
    releasedAgo > FEEDBACK_AFTER_DAYS && (planned.extras.feedback ?? rng.chance(0.7))
      ? drawFeedback(
          rng,
          influencer.id,
          // Within the reviews' window (issue 40: it closes 21 days after the release).
          at(rng.between(Math.max(END_AGO, releasedAgo - REVIEW_WINDOW_DAYS), releasedAgo - FEEDBACK_AFTER_DAYS)),
        )
      : null;
  const messages = chat.messages;

  return {
    planned,
    row: {
      dealId: deal.id,
      influencerId: influencer.id,
      brandId: deal.brand.id,
      status,
      text: messages[0]?.text ?? "",
      expiration: clock.endOfDay(timeline.expirationDays),
      feeBrandPercent: money ? DEFAULT_FEE_PERCENT : null,
      feeInfluencerPercent: money ? DEFAULT_FEE_PERCENT : null,
      deniedReason,
      moneyReleaseDate: countdown.moneyReleaseDate,
      releaseRemainingMs: countdown.releaseRemainingMs,
      contestedAt: countdown.contestedAt,
      arbitrationOpenedAt: countdown.arbitrationOpenedAt,
      releaseRemindersSent: countdown.remindersSent.length,
      paidAt: money?.paidAt ?? null,
      releasedAt: money?.releasedAt ?? null,
      refundedAt: money?.refundedAt ?? null,
      paidAmountCents: money?.brandCents ?? 0,
      createdAt: at(timeline.createdAgo),
      updatedAt: new Date(
        Math.max(...messages.map((message) => message.createdAt.getTime()), deniedAt?.getTime() ?? 0),
      ),
    },
    prices: prices.map((price) => ({
      networkType: price.network.type,
      networkId: price.network.id,
      priceCents: price.priceCents,
      creationDays: price.creationDays,
      reach: price.network.followers,
      hired: money !== null && hired.has(price.network.type),
      link: workDoneAt && hired.has(price.network.type) ? contentLink(rng, price.network) : null,
      // Set without a draw, so that the rest of the demo data stays as it was.
      ...(planned.extras.usageRights ? { usageRights: planned.extras.usageRights } : {}),
    })),
    messages,
    feedback,
    events: [
      ...eventsOf(messages, chat.ids, {
        createdAt: at(timeline.createdAgo),
        deniedAt,
        feedbackAt: feedback?.createdAt ?? null,
      }),
      ...countdown.remindersSent.map(
        (reminderAt): ApplicationEvent => ({
          recipient: "brand",
          type: "release_reminder",
          at: reminderAt,
          senderId: null,
          text: null,
          fileId: null,
        }),
      ),
    ],
    money,
    arbitrations,
  };
}

/**
 * From the proposal to the brand's decision: questions, a change request and the updated proposal, a file,
 * a decline message. Returns the prices as they stand at the decision.
 */
function proposalPhase(
  rng: Random,
  chat: ChatDraft,
  { deal, story, timeline, extras }: PlannedApplication,
  proposed: NetworkPrice[],
): NetworkPrice[] {
  let prices = proposed;
  let t = timeline.createdAgo;
  const decidedAgo = timeline.paidAgo ?? timeline.deniedAgo ?? END_AGO;
  /** A moment later than t, before the decision. */
  const next = () => {
    t = decidedAgo + (t - decidedAgo) * rng.between(0.2, 0.8);
    return t;
  };
  const network = prices[0]?.network.type ?? "instagram";
  chat.say(t, "influencer", { type: "text", text: fill(rng.pick(PROPOSAL_TEXTS), { deal: deal.title, network }) });
  if (rng.chance(0.5)) {
    chat.say(next(), "brand", { type: "text", text: rng.pick(BRAND_REPLIES) });
    if (rng.chance(0.6)) chat.say(next(), "influencer", { type: "text", text: rng.pick(INFLUENCER_REPLIES) });
  }
  const waiting = STORY_STATUS[story] === "WAITING";
  if (waiting && (extras.negotiation || rng.chance(0.2))) {
    const asked = counterOffer(rng, prices);
    chat.say(next(), "brand", { type: "text", text: rng.pick(CHANGE_REQUEST_TEXTS) });
    chat.say(t - JUST_AFTER / 2, "brand", {
      type: "change_request",
      payload: { type: "change_request", prices: asked.map(plainPrice) },
    });
    if (extras.negotiation || rng.chance(0.7)) {
      chat.say(next(), "influencer", { type: "price_update", payload: priceUpdate(prices, asked) });
      prices = asked;
    }
  } else if (waiting && rng.chance(0.15)) {
    const updated = prices.map((price) => ({ ...price, creationDays: Math.max(1, price.creationDays - 1) }));
    chat.say(next(), "influencer", { type: "price_update", payload: priceUpdate(prices, updated) });
    prices = updated;
  }
  if (waiting && (extras.file || rng.chance(0.12))) chat.sendFile(next(), "influencer", extras.file === true);
  if (story === "denied" && timeline.deniedAgo !== undefined && rng.chance(0.6)) {
    chat.say(timeline.deniedAgo + JUST_AFTER, "brand", { type: "text", text: rng.pick(DECLINE_TEXTS) });
  }
  return prices;
}

/** From the payment on: the work, its contest, the release, and what the money amounts to. */
function hirePhase(
  rng: Random,
  chat: ChatDraft,
  { story, timeline, extras }: PlannedApplication,
  at: (ago: number) => Date,
  priceCents: number,
): { money: HireMoney; contestText: string | null } {
  const paidAgo = timeline.paidAgo ?? 0;
  chat.say(paidAgo, "brand", {
    type: "payment",
    payload: { type: "payment", amountCents: priceCents, feePercent: DEFAULT_FEE_PERCENT },
  });
  chat.say(paidAgo - JUST_AFTER, "brand", { type: "text", text: rng.pick(HIRE_TEXTS) });
  if (extras.file || rng.chance(0.3)) {
    const workDone = timeline.workDoneAgo ?? END_AGO;
    chat.sendFile(workDone + (paidAgo - workDone) * rng.between(0.2, 0.8), "influencer", extras.file === true);
  }
  if (timeline.workDoneAgo !== undefined) {
    const moneyReleaseDate = new Date(at(timeline.workDoneAgo).getTime() + RELEASE_WINDOW_MS).toISOString();
    chat.say(timeline.workDoneAgo, "influencer", {
      type: "work_done",
      payload: { type: "work_done", moneyReleaseDate },
    });
    chat.say(timeline.workDoneAgo - JUST_AFTER, "influencer", { type: "text", text: rng.pick(WORK_TEXTS) });
  }
  // The brand says what is missing with its contest (the same words go to the platform with the request).
  const contestText = timeline.contestedAgo === undefined ? null : rng.pick(CONTEST_TEXTS);
  if (timeline.contestedAgo !== undefined) {
    chat.say(timeline.contestedAgo, "brand", { type: "work_not_done", text: contestText });
  }
  if (timeline.releasedAgo !== undefined) {
    const automatic = story === "complete_auto";
    chat.say(timeline.releasedAgo, automatic ? null : "brand", {
      type: "money_released",
      payload: { type: "money_released", automatic },
    });
    if (rng.chance(0.4)) {
      const thanksAgo = END_AGO + (timeline.releasedAgo - END_AGO) * rng.between(0.2, 0.8);
      chat.say(thanksAgo, "brand", { type: "text", text: rng.pick(AFTER_RELEASE_TEXTS) });
    }
  }
  const money: HireMoney = {
    priceCents,
    brandCents: brandTotalCents(priceCents, DEFAULT_FEE_PERCENT),
    influencerCents: influencerNetCents(priceCents, DEFAULT_FEE_PERCENT),
    paidAt: at(paidAgo),
    releasedAt: timeline.releasedAgo === undefined ? null : at(timeline.releasedAgo),
    releasedAgo: timeline.releasedAgo ?? null,
    refundedAt: timeline.refundedAgo === undefined ? null : at(timeline.refundedAgo),
  };
  return { money, contestText };
}

interface SeededCountdown {
  moneyReleaseDate: Date | null;
  releaseRemainingMs: number | null;
  contestedAt: Date | null;
  arbitrationOpenedAt: Date | null;
  /** The release date the admin's close of the case set, for its chat line. */
  resumedReleaseDate: Date | null;
  /** When the brand was reminded of the automatic release (72 h, then 24 h before), up to now. */
  remindersSent: Date[];
}

/**
 * The release countdown as the product leaves it after the story: running from work done (complete stories keep
 * their release date), paused with the time left at the contest while the case is open (a contest and the
 * influencer's request), running again with that time from the admin's close, and nothing after a refund.
 */
function countdownOf(
  clock: SeedClock,
  timeline: Timeline,
  at: (ago: number) => Date,
  story: PlannedApplication["story"],
): SeededCountdown {
  const none: SeededCountdown = {
    moneyReleaseDate: null,
    releaseRemainingMs: null,
    contestedAt: null,
    arbitrationOpenedAt: null,
    resumedReleaseDate: null,
    remindersSent: [],
  };
  if (timeline.workDoneAgo === undefined || story === "refunded") return none;
  const fullWindowEnd = new Date(at(timeline.workDoneAgo).getTime() + RELEASE_WINDOW_MS);
  // Only a countdown still running has reminded the brand; a released hire's date is history.
  const remind = (end: Date) => (STORY_STATUS[story] === "PROGRESS" ? remindersBefore(clock, end) : []);
  if (timeline.contestedAgo === undefined) {
    return { ...none, moneyReleaseDate: fullWindowEnd, remindersSent: remind(fullWindowEnd) };
  }
  const contestedAt = at(timeline.contestedAgo);
  const left = fullWindowEnd.getTime() - contestedAt.getTime();
  if (timeline.closedAgo !== undefined) {
    const resumed = new Date(at(timeline.closedAgo).getTime() + left);
    return { ...none, moneyReleaseDate: resumed, resumedReleaseDate: resumed, remindersSent: remind(resumed) };
  }
  return {
    ...none,
    releaseRemainingMs: left,
    contestedAt,
    arbitrationOpenedAt: at(timeline.contestedAgo - 3 * JUST_AFTER),
  };
}

/**
 * The first start's sweep mails the brands the reminders the seed leaves unsent: those that fell due in the last
 * half day before today's start. Counted from the day's start, as every seeded moment, that window holds the same
 * reminders whatever the hour of seeding, so the first start mails some at any hour (main.int.test reads one);
 * counting up to the start of today only, it held none of the demo brand's between midnight and 01:14 UTC.
 */
const UNSENT_REMINDERS_WINDOW_MS = 12 * HOUR_MS;

/** The reminders of RELEASE_REMINDER_LEADS_MS recorded as sent for a countdown ending at `end`. */
function remindersBefore(clock: SeedClock, end: Date): Date[] {
  const sentBy = clock.dayStart.getTime() - UNSENT_REMINDERS_WINDOW_MS;
  if (end.getTime() <= clock.dayStart.getTime()) return [];
  return RELEASE_REMINDER_LEADS_MS.map((lead) => new Date(end.getTime() - lead)).filter(
    (moment) => moment.getTime() <= sentBy,
  );
}

function drawFeedback(rng: Random, influencerId: number, createdAt: Date): Omit<NewFeedback, "applicationId"> {
  const stars = () =>
    rng.weighted([
      [5, 50],
      [4, 35],
      [3, 10],
      [2, 4],
      [1, 1],
    ] as const);
  return {
    influencerId,
    ratingContent: stars(),
    ratingAvailability: stars(),
    ratingCommunication: stars(),
    ratingCooperation: stars(),
    ratingSchedule: stars(),
    iComment: rng.pick(FEEDBACK_COMMENTS),
    workAgain: rng.chance(0.85),
    droveAction: rng.chance(0.7),
    roi: rng.weighted(ROI_SCALE.map((roi, i) => [roi, [1, 3, 10, 20, 12][i] ?? 1] as const)),
    rComment: rng.pick(PRIVATE_COMMENTS),
    allowUse: rng.chance(0.6),
    createdAt,
  };
}
