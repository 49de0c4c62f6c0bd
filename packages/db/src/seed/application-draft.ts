import { createHash } from "node:crypto";
import {
  brandTotalCents,
  DEFAULT_FEE_PERCENT,
  type DeniedReason,
  influencerNetCents,
  MIN_PROPOSAL_PRICE_DOLLARS,
  type NotificationType,
  RELEASE_WINDOW_MS,
  ROI_SCALE,
} from "@market/contracts";
import type {
  ChatMessagePayload,
  NewApplication,
  NewApplicationPrice,
  NewChatMessage,
  NewFeedback,
  NewStoredFile,
} from "../schema";
import type { PlannedApplication } from "./application-plan";
import { STORY_STATUS } from "./application-stories";
import type { SeedClock } from "./clock";
import { fill } from "./context";
import type { SeededNetwork } from "./influencers";
import { contentLink } from "./networks";
import type { Random } from "./random";
import {
  BRAND_REPLIES,
  CHANGE_REQUEST_TEXTS,
  CHAT_FILES,
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
const FEEDBACK_AFTER_DAYS = 7.05;
const DECLINE_REASONS: readonly DeniedReason[] = [
  "NO_REASON",
  "NOT_ENOUGH_FOLLOWERS",
  "PRICE_TOO_HIGH",
  "BAD_AUDIENCE",
  "BAD_ENGAGEMENT",
];

type Party = "brand" | "influencer";

/** A chat file: its metadata row and the bytes a file store may keep under storageKey. */
export interface FileDraft extends NewStoredFile {
  id: string;
  bytes: Uint8Array;
}

export interface MessageDraft extends Omit<NewChatMessage, "applicationId" | "createdAt"> {
  createdAt: Date;
  file: FileDraft | null;
}

/** Something a party is notified of. */
export interface ApplicationEvent {
  recipient: Party;
  type: NotificationType;
  at: Date;
  senderId: number | null;
  text: string | null;
  fileId: string | null;
}

export interface HireMoney {
  /** P, B and I of money.md, in cents. */
  priceCents: number;
  brandCents: number;
  influencerCents: number;
  paidAt: Date;
  releasedAt: Date | null;
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
}

interface NetworkPrice {
  network: SeededNetwork;
  priceCents: number;
  creationDays: number;
}

/** Every row of one application, following its story's timeline. */
export function draftApplication(rng: Random, clock: SeedClock, planned: PlannedApplication): ApplicationDraft {
  const { deal, influencer, story, timeline, extras } = planned;
  const at = (ago: number) => clock.ago(ago, deal.anchor);
  const ids: Record<Party, number> = { brand: deal.brand.id, influencer: influencer.id };
  const status = STORY_STATUS[story];
  const paid = timeline.paidAgo !== undefined;

  const messages: MessageDraft[] = [];
  const say = (ago: number, from: Party | null, message: Partial<MessageDraft> & Pick<MessageDraft, "type">) =>
    messages.push({
      senderId: from ? ids[from] : null,
      text: null,
      payload: null,
      fileId: message.file?.id ?? null,
      file: null,
      ...message,
      createdAt: at(ago),
    });
  const sendFile = (ago: number, from: Party) =>
    say(ago, from, { type: "file", file: drawFile(rng, at(ago), ids[from], influencer.username, deal.title) });
  /** A moment between `after` (earlier, larger) and `before`. */
  const between = (after: number, before: number) => before + (after - before) * rng.between(0.2, 0.8);

  const usable = influencer.networks.filter((network) => network.canApply && deal.networks.includes(network.type));
  let prices: NetworkPrice[] = rng.sample(usable, rng.int(1, usable.length)).map((network) => ({
    network,
    priceCents: priceDollars(rng, network.followers) * 100,
    creationDays: rng.int(2, 14),
  }));

  let t = timeline.createdAgo;
  const firstNetwork = prices[0]?.network.type ?? deal.networks[0] ?? "instagram";
  say(t, "influencer", {
    type: "text",
    text: fill(rng.pick(PROPOSAL_TEXTS), { deal: deal.title, network: firstNetwork }),
  });
  // What happened before the brand decided: questions, a change request, an updated proposal, a file.
  const decidedAgo = timeline.paidAgo ?? timeline.deniedAgo ?? END_AGO;
  if (rng.chance(0.5)) {
    t = between(t, decidedAgo);
    say(t, "brand", { type: "text", text: rng.pick(BRAND_REPLIES) });
    if (rng.chance(0.6)) {
      t = between(t, decidedAgo);
      say(t, "influencer", { type: "text", text: rng.pick(INFLUENCER_REPLIES) });
    }
  }
  if (status === "WAITING" && (extras.negotiation || rng.chance(0.2))) {
    const asked = prices.map((price, i) =>
      i === 0 ? { ...price, priceCents: lowered(rng, price.priceCents) } : price,
    );
    t = between(t, decidedAgo);
    say(t, "brand", { type: "text", text: rng.pick(CHANGE_REQUEST_TEXTS) });
    say(t - 0.0005, "brand", { type: "change_request", payload: { type: "change_request", prices: asked.map(plain) } });
    if (extras.negotiation || rng.chance(0.7)) {
      t = between(t, decidedAgo);
      say(t, "influencer", { type: "price_update", payload: priceUpdate(prices, asked) });
      prices = asked;
    }
  } else if (status === "WAITING" && rng.chance(0.15)) {
    const updated = prices.map((price) => ({ ...price, creationDays: Math.max(1, price.creationDays - 1) }));
    t = between(t, decidedAgo);
    say(t, "influencer", { type: "price_update", payload: priceUpdate(prices, updated) });
    prices = updated;
  }
  if (status === "WAITING" && (extras.file || rng.chance(0.12))) sendFile(between(t, END_AGO), "influencer");

  // The brand ticks some or all priced networks when it hires.
  const hired = new Set(
    paid && prices.length > 1 && rng.chance(0.2)
      ? rng.sample(prices, rng.int(1, prices.length - 1)).map((price) => price.network.type)
      : prices.map((price) => price.network.type),
  );
  const priceCents = prices
    .filter((price) => hired.has(price.network.type))
    .reduce((sum, price) => sum + price.priceCents, 0);

  let money: HireMoney | null = null;
  if (timeline.paidAgo !== undefined) {
    t = timeline.paidAgo;
    money = {
      priceCents,
      brandCents: brandTotalCents(priceCents, DEFAULT_FEE_PERCENT),
      influencerCents: influencerNetCents(priceCents, DEFAULT_FEE_PERCENT),
      paidAt: at(t),
      releasedAt: timeline.releasedAgo === undefined ? null : at(timeline.releasedAgo),
      releasedAgo: timeline.releasedAgo ?? null,
    };
    say(t, "brand", {
      type: "payment",
      payload: { type: "payment", amountCents: priceCents, feePercent: DEFAULT_FEE_PERCENT },
    });
    say(t - 0.001, "brand", { type: "text", text: rng.pick(HIRE_TEXTS) });
    const workStarts = timeline.workDoneAgo ?? END_AGO;
    if (extras.file || rng.chance(0.3)) sendFile(between(t, workStarts), "influencer");
  }
  if (timeline.workDoneAgo !== undefined) {
    t = timeline.workDoneAgo;
    const releaseDate = new Date(at(t).getTime() + RELEASE_WINDOW_MS);
    say(t, "influencer", {
      type: "work_done",
      payload: { type: "work_done", moneyReleaseDate: releaseDate.toISOString() },
    });
    say(t - 0.001, "influencer", { type: "text", text: rng.pick(WORK_TEXTS) });
  }
  if (timeline.contestedAgo !== undefined) {
    t = timeline.contestedAgo;
    say(t, "brand", { type: "work_not_done" });
    say(t - 0.001, "brand", { type: "text", text: rng.pick(CONTEST_TEXTS) });
  }
  if (timeline.releasedAgo !== undefined) {
    t = timeline.releasedAgo;
    const automatic = story === "complete_auto";
    say(t, automatic ? null : "brand", { type: "money_released", payload: { type: "money_released", automatic } });
    if (rng.chance(0.4))
      say(between(t, END_AGO), "brand", { type: "text", text: "Thanks again, great collaboration!" });
  }
  if (story === "denied" && timeline.deniedAgo !== undefined && rng.chance(0.6)) {
    say(timeline.deniedAgo + 0.001, "brand", { type: "text", text: rng.pick(DECLINE_TEXTS) });
  }

  const deniedReason: DeniedReason | null =
    status !== "DENIED"
      ? null
      : story === "denied_expired"
        ? "EXPIRED"
        : influencer.maybeFake
          ? "FAKE"
          : rng.pick(DECLINE_REASONS);
  const workDoneAt = timeline.workDoneAgo === undefined ? null : at(timeline.workDoneAgo);
  const moneyReleaseDate =
    workDoneAt && story !== "progress_contested" ? new Date(workDoneAt.getTime() + RELEASE_WINDOW_MS) : null;
  const deniedAt = timeline.deniedAgo === undefined ? null : at(timeline.deniedAgo);
  const updatedAt = new Date(
    Math.max(...messages.map((message) => message.createdAt.getTime()), deniedAt?.getTime() ?? 0),
  );

  const feedbackAllowed = timeline.releasedAgo !== undefined && timeline.releasedAgo > FEEDBACK_AFTER_DAYS + 0.1;
  const feedback =
    feedbackAllowed && (extras.feedback || rng.chance(0.7))
      ? drawFeedback(rng, influencer.id, at(rng.between(END_AGO, (timeline.releasedAgo ?? 0) - FEEDBACK_AFTER_DAYS)))
      : null;

  // Messages said "just after" another may land before a later one drawn at random: keep the chat in order.
  messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  return {
    planned,
    row: {
      dealId: deal.id,
      influencerId: influencer.id,
      brandId: deal.brand.id,
      status,
      text: messages[0]?.text ?? "",
      expiration: clock.endOfDay(timeline.expirationDays),
      feeBrandPercent: paid ? DEFAULT_FEE_PERCENT : null,
      feeInfluencerPercent: paid ? DEFAULT_FEE_PERCENT : null,
      deniedReason,
      moneyReleaseDate,
      paidAt: money?.paidAt ?? null,
      releasedAt: money?.releasedAt ?? null,
      paidAmountCents: money?.brandCents ?? 0,
      createdAt: at(timeline.createdAgo),
      updatedAt,
    },
    prices: prices.map((price) => ({
      networkType: price.network.type,
      networkId: price.network.id,
      priceCents: price.priceCents,
      creationDays: price.creationDays,
      reach: price.network.followers,
      hired: paid && hired.has(price.network.type),
      link: workDoneAt && hired.has(price.network.type) ? contentLink(rng, price.network) : null,
    })),
    messages,
    feedback,
    events: eventsOf(messages, ids, {
      createdAt: at(timeline.createdAgo),
      deniedAt,
      feedbackAt: feedback?.createdAt ?? null,
    }),
    money,
  };
}

/** Whole dollars, at least the minimum price, growing with the audience. */
function priceDollars(rng: Random, followers: number): number {
  const dollars = MIN_PROPOSAL_PRICE_DOLLARS + (followers / 1_000) * rng.between(2, 9);
  return Math.max(MIN_PROPOSAL_PRICE_DOLLARS, Math.min(50_000, Math.round(dollars / 5) * 5));
}

function lowered(rng: Random, priceCents: number): number {
  const dollars = Math.round((priceCents / 100) * rng.between(0.75, 0.9));
  return Math.max(MIN_PROPOSAL_PRICE_DOLLARS, dollars) * 100;
}

const plain = (price: NetworkPrice) => ({
  network: price.network.type,
  priceCents: price.priceCents,
  creationDays: price.creationDays,
});

function priceUpdate(before: NetworkPrice[], after: NetworkPrice[]): ChatMessagePayload {
  const changes = after.flatMap((price) => {
    const old = before.find((candidate) => candidate.network.type === price.network.type);
    const changed = !old || old.priceCents !== price.priceCents || old.creationDays !== price.creationDays;
    return changed ? [{ network: price.network.type, old: old ? plain(old) : null, new: plain(price) }] : [];
  });
  return { type: "price_update", changes };
}

function drawFile(rng: Random, createdAt: Date, ownerId: number, username: string, dealTitle: string): FileDraft {
  const spec = rng.pick(CHAT_FILES);
  const csv = spec.name.endsWith(".csv");
  const text = csv
    ? `country,share\nus,${rng.int(20, 60)}\ngb,${rng.int(5, 20)}\nother,${rng.int(10, 40)}\n`
    : `${spec.kind} for "${dealTitle}" by @${username}\n\nSeeded demo file.\n`;
  const bytes = new TextEncoder().encode(text);
  const id = rng.uuid();
  return {
    id,
    ownerId,
    purpose: "chat_file",
    storageKey: `seed/${id}`,
    originalName: spec.name,
    contentType: csv ? "text/csv" : "text/plain",
    sizeBytes: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    createdAt,
    bytes,
  };
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

const MESSAGE_NOTIFICATIONS: Record<MessageDraft["type"], NotificationType> = {
  text: "message",
  file: "message",
  payment: "payment",
  price_update: "application_update",
  change_request: "change_request",
  work_done: "work_done",
  work_not_done: "work_not_done",
  money_released: "money_released",
};

/** Each message notifies the other party; system messages (automatic release) notify the influencer. */
function eventsOf(
  messages: readonly MessageDraft[],
  ids: Record<Party, number>,
  moments: { createdAt: Date; deniedAt: Date | null; feedbackAt: Date | null },
): ApplicationEvent[] {
  const events: ApplicationEvent[] = [
    {
      recipient: "brand",
      type: "application",
      at: moments.createdAt,
      senderId: ids.influencer,
      text: null,
      fileId: null,
    },
  ];
  for (const message of messages.slice(1)) {
    events.push({
      recipient: message.senderId === ids.influencer ? "brand" : "influencer",
      type: MESSAGE_NOTIFICATIONS[message.type],
      at: message.createdAt,
      senderId: message.senderId ?? null,
      text: message.type === "text" ? (message.text ?? null) : null,
      fileId: message.fileId ?? null,
    });
  }
  if (moments.deniedAt) {
    events.push({
      recipient: "influencer",
      type: "declined",
      at: moments.deniedAt,
      senderId: ids.brand,
      text: null,
      fileId: null,
    });
  }
  if (moments.feedbackAt) {
    events.push({
      recipient: "influencer",
      type: "feedback",
      at: moments.feedbackAt,
      senderId: ids.brand,
      text: null,
      fileId: null,
    });
  }
  return events;
}
