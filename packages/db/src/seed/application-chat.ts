import { createHash } from "node:crypto";
import { CATEGORIES, type NotificationType } from "@market/contracts";
import type { NewChatMessage, NewStoredFile } from "../schema";
import { drawDealImage } from "./images";
import { Random } from "./random";
import { CHAT_FILES } from "./words/conversations";

export type Party = "brand" | "influencer";

/** A seeded file (chat file, deal image): its metadata row and the bytes a file store keeps under storageKey. */
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

/** The chat of one application, written in days before the story's anchor. */
export class ChatDraft {
  private readonly written: MessageDraft[] = [];

  constructor(
    private readonly rng: Random,
    private readonly at: (ago: number) => Date,
    readonly ids: Record<Party, number>,
    private readonly subject: { username: string; dealTitle: string },
  ) {}

  /** from null is the system (the automatic release). */
  say(ago: number, from: Party | null, message: Pick<MessageDraft, "type"> & Partial<MessageDraft>): void {
    this.written.push({
      senderId: from ? this.ids[from] : null,
      text: null,
      payload: null,
      fileId: message.file?.id ?? null,
      file: null,
      ...message,
      createdAt: this.at(ago),
    });
  }

  /** A file of the chat; `picture`: a content draft, whatever the draw (a story that must show a thumbnail). */
  sendFile(ago: number, from: Party, picture = false): void {
    const file = drawFile(this.rng, this.at(ago), this.ids[from], this.subject, picture);
    this.say(ago, from, { type: "file", file });
  }

  /** Replies drawn "just after" a message may pass a later one: the chat reads in time order. */
  get messages(): MessageDraft[] {
    return [...this.written].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}

function drawFile(
  rng: Random,
  createdAt: Date,
  ownerId: number,
  subject: { username: string; dealTitle: string },
  picture: boolean,
): FileDraft {
  // Drawn even when the picture is asked for, so that the seed's later draws stay as they were.
  const drawn = rng.pick(CHAT_FILES);
  const spec = picture ? CONTENT_DRAFT : drawn;
  const csv = spec.name.endsWith(".csv");
  const png = spec.name.endsWith(".png");
  const text = csv
    ? `country,share\nus,${rng.int(20, 60)}\ngb,${rng.int(5, 20)}\nother,${rng.int(10, 40)}\n`
    : `${spec.kind} for "${subject.dealTitle}" by @${subject.username}\n\nSeeded demo file.\n`;
  const id = rng.uuid();
  // A content draft is a picture (the chat shows it as a thumbnail), drawn by a generator of its own seeded from
  // the file's moment, so that the seed's other draws stay as they were.
  const bytes = png ? contentDraftImage(createdAt) : new TextEncoder().encode(text);
  return {
    id,
    ownerId,
    purpose: "chat_file",
    storageKey: `seed/${id}`,
    originalName: spec.name,
    contentType: png ? "image/png" : csv ? "text/csv" : "text/plain",
    sizeBytes: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    createdAt,
    bytes,
  };
}

const CONTENT_DRAFT = CHAT_FILES.find((file) => file.name.endsWith(".png")) ?? CHAT_FILES[0];

/** A picture for a content draft: one of the deal images' drawings, of a category its moment picks. */
function contentDraftImage(createdAt: Date): Uint8Array {
  const rng = new Random(createdAt.getTime() % 2_147_483_647);
  return drawDealImage(rng, rng.pick(CATEGORIES));
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
  arbitration: "message",
  refund: "refund",
  case_closed: "case_closed",
};

/**
 * The notifications of an application: the proposal to the brand, each later message to the other party
 * (the platform's to both), the decline and the feedback to the influencer.
 */
export function eventsOf(
  messages: readonly MessageDraft[],
  ids: Record<Party, number>,
  moments: { createdAt: Date; deniedAt: Date | null; feedbackAt: Date | null },
): ApplicationEvent[] {
  const fromBrand = (type: NotificationType, at: Date): ApplicationEvent => ({
    recipient: "influencer",
    type,
    at,
    senderId: ids.brand,
    text: null,
    fileId: null,
  });
  return [
    {
      recipient: "brand",
      type: "application",
      at: moments.createdAt,
      senderId: ids.influencer,
      text: null,
      fileId: null,
    },
    ...messages.slice(1).flatMap((message): ApplicationEvent[] => {
      // The platform's lines (an automatic release, a refund, a closed case) are news to both parties.
      const recipients: Party[] =
        message.senderId == null
          ? ["influencer", "brand"]
          : [message.senderId === ids.influencer ? "brand" : "influencer"];
      return recipients.map((recipient) => ({
        recipient,
        type: MESSAGE_NOTIFICATIONS[message.type],
        at: message.createdAt,
        senderId: message.senderId ?? null,
        text: message.type === "text" ? (message.text ?? null) : null,
        fileId: message.fileId ?? null,
      }));
    }),
    ...(moments.deniedAt ? [fromBrand("declined", moments.deniedAt)] : []),
    ...(moments.feedbackAt ? [fromBrand("feedback", moments.feedbackAt)] : []),
  ];
}
