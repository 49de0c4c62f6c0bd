import { randomUUID } from "node:crypto";
import type { WebhookPayload, WebhookPayloadType } from "@market/contracts";

/** A new event's id: `evt_` and 32 hex digits, the same in every endpoint's delivery of the event. */
export const newEventId = () => `evt_${randomUUID().replaceAll("-", "")}`;

/** The JSON body of an event, as stored and signed: its bytes never change once written. */
export function payloadJson(
  eventId: string,
  type: WebhookPayloadType,
  at: Date,
  data: Record<string, unknown>,
): string {
  const payload: WebhookPayload = { id: eventId, type, created: Math.floor(at.getTime() / 1000), data };
  return JSON.stringify(payload);
}
