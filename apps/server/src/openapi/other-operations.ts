import {
  appealFileAnswer,
  chatMessageAnswer,
  dealImageAnswer,
  pictureAnswer,
  stripeWebhookAnswer,
} from "@market/contracts";
import type { z } from "zod";
import type { Tag } from "./operations";

/** How an operation outside the REST table answers: the envelope around `data`, a file, or a page. */
export type OtherAnswer =
  | { kind: "json"; schema: z.ZodType }
  | { kind: "file"; contentType: "text/csv" | "application/zip" | "application/pdf" }
  | { kind: "document" }
  | { kind: "html" };

/**
 * The paths under /api and /admin/api served by plugins of their own rather than the REST table (uploads, the
 * statements, the evidence archive, Stripe's webhook, this document): what the document says of them.
 */
export interface OtherOperation {
  method: "GET" | "POST";
  /** As docs/api.md writes it. */
  path: string;
  summary: string;
  tag: Tag;
  /** A multipart upload of one `file` field. */
  upload?: true;
  /** The procedure whose input is the query string (the audit export's filters). */
  queryOf?: string;
  /** A body the server passes on unread by any schema here (Stripe's event, checked by its signature). */
  anyBody?: true;
  answer: OtherAnswer;
}

export const OTHER_OPERATIONS: OtherOperation[] = [
  {
    method: "POST",
    path: "/api/picture",
    summary: "Upload the profile picture",
    tag: "Accounts",
    upload: true,
    answer: { kind: "json", schema: pictureAnswer },
  },
  {
    method: "POST",
    path: "/api/campaigns/images",
    summary: "Upload a campaign image",
    tag: "Campaigns",
    upload: true,
    answer: { kind: "json", schema: dealImageAnswer },
  },
  {
    method: "POST",
    path: "/api/applications/{id}/file",
    summary: "Send a file in the chat",
    tag: "Chat",
    upload: true,
    answer: { kind: "json", schema: chatMessageAnswer },
  },
  {
    method: "POST",
    path: "/api/account/flag/files",
    summary: "Upload a file for a flag's appeal",
    tag: "Accounts",
    upload: true,
    answer: { kind: "json", schema: appealFileAnswer },
  },
  {
    method: "GET",
    path: "/api/earnings/statement.csv",
    summary: "The influencer's statement (CSV)",
    tag: "Earnings and hires",
    answer: { kind: "file", contentType: "text/csv" },
  },
  {
    method: "GET",
    path: "/api/hires/statement.csv",
    summary: "The brand's statement (CSV)",
    tag: "Earnings and hires",
    answer: { kind: "file", contentType: "text/csv" },
  },
  {
    method: "GET",
    path: "/api/applications/{id}/receipt.pdf",
    summary: "The brand's receipt of a paid hire (PDF)",
    tag: "Earnings and hires",
    answer: { kind: "file", contentType: "application/pdf" },
  },
  {
    method: "GET",
    path: "/api/earnings/payouts/{id}/receipt.pdf",
    summary: "The influencer's receipt of a paid payout (PDF)",
    tag: "Payouts",
    answer: { kind: "file", contentType: "application/pdf" },
  },
  {
    method: "GET",
    path: "/admin/api/audit.csv",
    summary: "The audit log's rows (CSV)",
    tag: "Admin",
    queryOf: "admin.console.audit.csv",
    answer: { kind: "file", contentType: "text/csv" },
  },
  {
    method: "GET",
    path: "/admin/api/cases/{applicationId}/evidence.zip",
    summary: "A case's evidence archive",
    tag: "Admin",
    answer: { kind: "file", contentType: "application/zip" },
  },
  {
    method: "POST",
    path: "/api/payments/stripe/webhook",
    summary: "Stripe's events (signed by Stripe, never a session)",
    tag: "Payments",
    anyBody: true,
    answer: { kind: "json", schema: stripeWebhookAnswer },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document",
    tag: "Reference",
    answer: { kind: "document" },
  },
  {
    method: "GET",
    path: "/api/docs",
    summary: "This document as a readable page",
    tag: "Reference",
    answer: { kind: "html" },
  },
];
