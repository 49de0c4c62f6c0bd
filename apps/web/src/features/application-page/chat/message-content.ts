import {
  brandTotalCents,
  type ChatMessageView,
  describeUsageRights,
  formatUsd,
  type NetworkPrice,
  type NetworkPriceChange,
} from "@market/contracts";
import type { TFunction } from "i18next";
import { formatDeadline } from "../../../lib/deal-format";

/**
 * What one chat message says (spec section 3, Chat message): a text and a file show as themselves; every other
 * type is an event of the application, a headline with its details (one line per network where prices moved).
 */
export type MessageContent =
  | { kind: "text"; text: string }
  | { kind: "file"; file: Extract<ChatMessageView, { type: "file" }>["file"] }
  | { kind: "event"; headline: string; details: string[] };

type Reader = "brand" | "influencer";

/**
 * "$120.00, 3 days": a network's price and days to create as the chat states them, and its usage rights when they go
 * beyond organic ("$120.00, 3 days, Repost on your channels for 6 months, worldwide"); messages written before usage
 * rights existed have none.
 */
function priceText(t: TFunction, price: NetworkPrice, reader: Reader): string {
  const text = t("CHAT.PRICE", {
    price: formatUsd(price.priceCents),
    days: t("CHAT.DAYS", { count: price.creationDays }),
  });
  if (!price.usageRights || price.usageRights.kind === "organic") return text;
  return `${text}, ${describeUsageRights(price.usageRights, reader)}`;
}

/** One network of a price update: changed (old → new), added (no old) or removed (no new). */
function changeText(t: TFunction, change: NetworkPriceChange, reader: Reader): string {
  const network = t(`NETWORK.${change.network}`);
  if (change.old && change.new) {
    return t("CHAT.PRICE_CHANGED", {
      network,
      old: priceText(t, change.old, reader),
      new: priceText(t, change.new, reader),
    });
  }
  if (change.new) return t("CHAT.PRICE_ADDED", { network, new: priceText(t, change.new, reader) });
  if (change.old) return t("CHAT.PRICE_REMOVED", { network, old: priceText(t, change.old, reader) });
  return network;
}

/**
 * The brand who paid reads what its card was charged, B, and what it was made of (money.md: the price P to the
 * influencer, the brand fee B - P), computed by the server's own rounding; the influencer reads the hire's price.
 */
function paymentText(t: TFunction, message: Extract<ChatMessageView, { type: "payment" }>): string {
  if (!message.isMe) return t("CHAT.PAYMENT", { amount: formatUsd(message.amountCents) });
  const totalCents = brandTotalCents(message.amountCents, message.feePercent);
  return t("CHAT.PAYMENT_MINE", {
    total: formatUsd(totalCents),
    price: formatUsd(message.amountCents),
    fee: formatUsd(totalCents - message.amountCents),
  });
}

/** The platform's reason for a decision an admin took from the console (issue 36), read by both parties. */
const reasonDetails = (t: TFunction, reason: string | undefined): string[] =>
  reason ? [t("CONSOLE_CASES.CHAT_REASON", { reason })] : [];

export function messageContent(t: TFunction, message: ChatMessageView): MessageContent {
  switch (message.type) {
    case "text":
      return { kind: "text", text: message.text };
    case "file":
      return { kind: "file", file: message.file };
    case "payment":
      return {
        kind: "event",
        headline: paymentText(t, message),
        details: [],
      };
    case "price_update":
      return {
        kind: "event",
        headline: t("CHAT.PRICE_UPDATE"),
        // The influencer updates the proposal: the writer is the influencer.
        details: message.changes.map((change) => changeText(t, change, message.isMe ? "influencer" : "brand")),
      };
    case "change_request":
      return {
        kind: "event",
        headline: t("CHAT.CHANGE_REQUEST"),
        details: message.prices.map((price) =>
          t("CHAT.PRICE_LINE", {
            network: t(`NETWORK.${price.network}`),
            // The brand asks for changes: the writer is the brand.
            price: priceText(t, price, message.isMe ? "brand" : "influencer"),
          }),
        ),
      };
    case "work_done":
      return {
        kind: "event",
        headline: t("CHAT.WORK_DONE", { date: formatDeadline(message.moneyReleaseDate) }),
        details: [],
      };
    case "work_not_done":
      return {
        kind: "event",
        headline: t("CHAT.WORK_NOT_DONE"),
        details: message.text ? [t("CHAT.WORK_NOT_DONE_TEXT", { text: message.text })] : [],
      };
    case "money_released":
      return {
        kind: "event",
        headline: t(message.automatic ? "CHAT.MONEY_RELEASED_AUTOMATIC" : "CHAT.MONEY_RELEASED"),
        details: reasonDetails(t, message.reason),
      };
    case "arbitration":
      return {
        kind: "event",
        headline: message.sender ? t("CHAT.ARBITRATION", { name: message.sender.name }) : t("CHAT.ARBITRATION_SOMEONE"),
        details: [],
      };
    case "refund":
      return {
        kind: "event",
        headline: t("CHAT.REFUND", { amount: formatUsd(message.amountCents) }),
        details: reasonDetails(t, message.reason),
      };
    case "case_closed":
      return {
        kind: "event",
        headline: message.moneyReleaseDate
          ? t("CHAT.CASE_CLOSED_RESUMED", { date: formatDeadline(message.moneyReleaseDate) })
          : t("CHAT.CASE_CLOSED"),
        details: reasonDetails(t, message.reason),
      };
  }
}
