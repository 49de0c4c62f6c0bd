import { z } from "zod";
import type { NamedAccount } from "./account";
import { networkType } from "./enum-schemas";
import { NETWORK_TYPES, type NetworkType } from "./enums";
import { rowId } from "./ids";
import type { UsageRights } from "./usage-rights";

/**
 * The per-application chat (spec section 3, Chat message): what is stored with each typed message, how a party
 * reads it, and the inputs that write to it. The database keeps the typed data as ChatMessagePayload.
 */

/** Longest chat text, counted after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 5_000;
/** Messages per page; the chat opens on the newest page and asks for older ones as the reader scrolls up. */
export const CHAT_PAGE_SIZE = 30;
/**
 * Spec section 4: the chat is disabled when the application is DENIED and has this many messages or fewer
 * (a proposal declined before any conversation started).
 */
export const CHAT_DISABLED_MAX_MESSAGES = 4;

/**
 * One network's price and days to create, in cents as stored, with its usage rights (absent in the messages
 * written before usage rights existed: they read as organic).
 */
export interface NetworkPrice {
  network: NetworkType;
  priceCents: number;
  creationDays: number;
  usageRights?: UsageRights;
}

/** A network whose price changed in an update: null on one side when it was added or removed. */
export interface NetworkPriceChange {
  network: NetworkType;
  old: NetworkPrice | null;
  new: NetworkPrice | null;
}

/** Typed data of the messages that are more than a text or a file; stored as chat_messages.payload. */
export type ChatMessagePayload =
  | { type: "payment"; amountCents: number; feePercent: number }
  | { type: "price_update"; changes: NetworkPriceChange[] }
  | { type: "change_request"; prices: NetworkPrice[] }
  | { type: "work_done"; moneyReleaseDate: string }
  | { type: "money_released"; automatic: boolean }
  | { type: "refund"; amountCents: number }
  | { type: "case_closed"; moneyReleaseDate: string | null };

/** Who wrote a message, as the reader sees them (NamedAccount); null for the system (an automatic release). */
export type ChatSender = NamedAccount;

export interface ChatFileView {
  id: string;
  name: string;
  /** The content type it was stored with (judged by the server, not the browser's claim). */
  type: string;
  sizeBytes: number;
  /** GET /files/{id}: served to the two parties as an attachment (and to an admin once delivered with the work). */
  url: string;
}

interface ChatMessageBase {
  /** Increasing with time within a chat; the cursor of the page before it. */
  id: number;
  created: Date;
  sender: ChatSender | null;
  /** Written by the viewer (an impersonating admin sees as the user they act as). */
  isMe: boolean;
}

/** A message as GET /api/applications/{id}/messages answers it: one variant per type. */
export type ChatMessageView = ChatMessageBase &
  (
    | { type: "text"; text: string }
    /** file is null when the stored file was removed. */
    | { type: "file"; file: ChatFileView | null }
    /** The brand accepted and paid: amountCents is the hire price, feePercent the brand's fee. */
    | { type: "payment"; amountCents: number; feePercent: number }
    | { type: "price_update"; changes: NetworkPriceChange[] }
    | { type: "change_request"; prices: NetworkPrice[] }
    | { type: "work_done"; moneyReleaseDate: Date }
    /** text: what the brand says is missing, when it said (beyond the spec). */
    | { type: "work_not_done"; text: string | null }
    /** automatic: released by the sweep at the end of the brand's window rather than by the brand. */
    | ({ type: "money_released"; automatic: boolean } & DecisionReason)
    /** A system line: the sender asked the platform to arbitrate (the request itself goes to support). */
    | { type: "arbitration" }
    /** The platform's line: an admin refunded the brand amountCents (what it paid, fees included). */
    | ({ type: "refund"; amountCents: number } & DecisionReason)
    /**
     * The platform's line: an admin closed the arbitration case; moneyReleaseDate is when the money will now be
     * released when the countdown resumed, null when none was paused.
     */
    | ({ type: "case_closed"; moneyReleaseDate: Date | null } & DecisionReason)
  );

/** An admin's decision taken from the console (issue 36) carries the reason both parties read. */
interface DecisionReason {
  reason?: string;
}

/** A message's id as a cursor: a JSON number or its digits in a query string. */
const messageId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/**
 * GET /api/applications/{id}/messages?before=: the newest page without `before` (or with it empty, as a form
 * sends it), else the page older than it.
 */
export const getChatPageInput = z.object({
  id: rowId,
  before: z.preprocess((value) => (value === "" ? undefined : value), messageId.optional()),
});
export type GetChatPageInput = z.input<typeof getChatPageInput>;

/** One page of the chat, newest first; `before` asks for the next older page, null when this one is the oldest. */
export interface ChatPage {
  messages: ChatMessageView[];
  before: number | null;
}

const CHAT_TEXT_MESSAGE = "Write a message.";

/** POST /api/applications/{id}/messages. */
export const sendChatMessageInput = z.object({
  id: rowId,
  text: z
    .string({ error: CHAT_TEXT_MESSAGE })
    .trim()
    .min(1, CHAT_TEXT_MESSAGE)
    .max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters.`),
});
export type SendChatMessageInput = z.input<typeof sendChatMessageInput>;

export const ARBITRATION_TEXT_MAX_LENGTH = 5_000;
const ARBITRATION_TEXT_MESSAGE = "Tell us what went wrong.";

/** POST /api/applications/{id}/help: either party asks the platform to arbitrate. */
export const requestArbitrationInput = z.object({
  id: rowId,
  text: z
    .string({ error: ARBITRATION_TEXT_MESSAGE })
    .trim()
    .min(1, ARBITRATION_TEXT_MESSAGE)
    .max(ARBITRATION_TEXT_MAX_LENGTH, `At most ${ARBITRATION_TEXT_MAX_LENGTH} characters.`),
});
export type RequestArbitrationInput = z.input<typeof requestArbitrationInput>;

/**
 * Body of POST /api/applications/{id}/undone: the brand contests the work (spec: no payload); an optional text
 * tells the platform and the influencer what is missing. It goes with the arbitration request the contest opens.
 */
export const workNotDoneInput = z.object({
  id: rowId,
  text: z
    .string()
    .trim()
    .max(ARBITRATION_TEXT_MAX_LENGTH, `At most ${ARBITRATION_TEXT_MAX_LENGTH} characters.`)
    .nullish()
    .transform((text) => (text ? text : null)),
  /**
   * Beyond the spec (issue 37): the delivered posts the brand asks to change, by network; none or absent names the
   * whole delivery. Each must be a post of the current delivery (checked by the server: `networks.{i}`).
   */
  networks: z
    .array(networkType, { error: "Choose the posts to change." })
    .max(NETWORK_TYPES.length)
    .nullish()
    .transform((networks) => [...new Set(networks ?? [])]),
});
export type WorkNotDoneInput = z.input<typeof workNotDoneInput>;
export type WorkNotDone = z.output<typeof workNotDoneInput>;
