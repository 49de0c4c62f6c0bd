import { type CaseView, formatUsd } from "@market/contracts";
import type { Db } from "@market/db";
import { strToU8, type Zippable, zipSync } from "fflate";
import type { Clock } from "../../../clock";
import { toCsv } from "../../earnings/csv";
import { type FileStore, readStoredBytes } from "../../files/file-store";
import { type CaseFile, caseFile } from "./get-case";
import { escapeHtml, htmlPage } from "./html";

/** One ZIP entry's name for an exchanged file: its place in the chat first, so that two "photo.jpg" stay two. */
function entryName(index: number, name: string): string {
  const safe =
    name
      .replace(/[^\w.\- ]+/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 120) || "file";
  return `files/${String(index + 1).padStart(3, "0")}-${safe}`;
}

function transcriptHtml(view: CaseView, messages: CaseFile["record"]["messages"]): string {
  const lines = messages.map((message) => {
    const who = message.sender ?? "Platform";
    const acting = message.impersonatedBy ? ` (written by admin ${message.impersonatedBy})` : "";
    const content = [
      message.type === "text" ? "" : `<strong>[${escapeHtml(message.type)}]</strong> `,
      message.fileName ? `File: ${escapeHtml(message.fileName)} ` : "",
      message.text ? escapeHtml(message.text) : "",
    ].join("");
    return `<div class="msg"><div class="meta">${escapeHtml(message.at)} · ${escapeHtml(who)}${escapeHtml(acting)}</div><div>${content}</div></div>`;
  });
  return htmlPage(
    `Chat of application ${view.applicationId}`,
    `<h1>Chat of application ${view.applicationId}: ${escapeHtml(view.dealTitle)}</h1>${lines.join("\n") || "<p>No messages.</p>"}`,
  );
}

function summaryHtml(view: CaseView, decisions: CaseView["timeline"]): string {
  const row = (label: string, value: string | null) =>
    `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value ?? "—")}</td></tr>`;
  const share = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);
  const { brand, influencer } = view;
  return htmlPage(
    `Case of application ${view.applicationId}`,
    `<h1>Case of application ${view.applicationId}</h1>
<table>
${row("Campaign", `${view.dealTitle} (deal ${view.dealId})`)}
${row("Status", view.status)}
${row("Open", view.kinds.join(", ") || "no (decided)")}
${row("Case opened", view.openedAt)}
${row("Proposal", view.createdAt)}
${row("Paid", view.paidAt ? `${view.paidAt}, ${formatUsd(view.paidAmountCents)}` : null)}
${row("Release date", view.moneyReleaseDate)}
${row("Paused countdown left", view.releaseRemainingMs === null ? null : `${Math.round(view.releaseRemainingMs / 3_600_000)} h`)}
${row("Released", view.releasedAt)}
${row("Refunded", view.refundedAt)}
${row("Brand", `${brand.username} (id ${brand.id}, ${brand.email}): ${brand.reliability.hires} hires, ${share(brand.reliability.autoReleasedShare)} of releases automatic, ${brand.reliability.contestsOpened} contests opened`)}
${row("Influencer", `${influencer.username} (id ${influencer.id}, ${influencer.email}): ${influencer.reliability.hires} hires, ${share(influencer.reliability.completedShare)} completed, ${share(influencer.reliability.contestedShare)} contested, ${influencer.reliability.refunds} refunds`)}
</table>
<h2>Decisions</h2>
${
  decisions.length === 0
    ? "<p>None yet.</p>"
    : `<ul>${decisions.map((d) => `<li>${escapeHtml(d.at)}: ${escapeHtml(d.type)} by ${escapeHtml(d.actor ?? "—")}: ${escapeHtml(d.summary)}</li>`).join("")}</ul>`
}
<p class="meta">Files of this pack: transcript.html and transcript.json (the chat), files/ (every file exchanged),
timeline.csv, ledger.csv.</p>`,
  );
}

/**
 * GET /admin/api/cases/{applicationId}/evidence.zip (issue 36, point 3): the case's evidence in one ZIP, for a
 * mediator or a provider's dispute: the chat (transcript.html to read, transcript.json to process), every file
 * exchanged in it (from the file store; one removed since is named in the transcript only), the timeline and the
 * ledger entries as CSV (injection-safe cells), and summary.html. HTML is escaped throughout: the parties wrote it.
 */
export async function evidencePack(
  deps: { db: Db; clock: Clock; files: FileStore },
  input: { applicationId: number },
): Promise<{ filename: string; bytes: Uint8Array }> {
  const { view, record } = await caseFile(deps, input.applicationId);
  const entries: Zippable = {
    "summary.html": strToU8(
      summaryHtml(
        view,
        view.timeline.filter((event) => event.source === "decision"),
      ),
    ),
    "transcript.html": strToU8(transcriptHtml(view, record.messages)),
    "transcript.json": strToU8(
      `${JSON.stringify({ applicationId: view.applicationId, messages: record.messages }, null, 2)}\n`,
    ),
    "timeline.csv": strToU8(
      toCsv(
        ["at", "source", "type", "actor", "summary"],
        view.timeline.map((event) => [event.at, event.source, event.type, event.actor ?? "", event.summary]),
      ),
    ),
    // Debit and credit as two unsigned columns: a signed "-137500" would reach the spreadsheet as text, since
    // toCsv quotes every cell that starts with a minus (CSV injection).
    "ledger.csv": strToU8(
      toCsv(
        ["transaction", "kind", "at", "account", "debit_cents", "credit_cents"],
        view.ledger.map((entry) => [
          String(entry.transactionId),
          entry.kind,
          entry.at,
          entry.account,
          entry.amountCents < 0 ? String(-entry.amountCents) : "",
          entry.amountCents >= 0 ? String(entry.amountCents) : "",
        ]),
      ),
    ),
  };
  // Whole, as the ZIP is built in memory: an admin's download of one case, each file below MAX_UPLOAD_BYTES.
  const stored = await Promise.all(record.files.map((file) => readStoredBytes(deps.files, file.storageKey)));
  record.files.forEach((file, index) => {
    const bytes = stored[index];
    if (bytes) entries[entryName(index, file.name)] = bytes;
  });
  // The files are mostly compressed already (images, PDFs): level 6 for the texts is plenty.
  return { filename: `case-${view.applicationId}-evidence.zip`, bytes: zipSync(entries, { level: 6 }) };
}
