import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  WEBHOOK_RESPONSE_MAX_BYTES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  type WebhookAttemptError,
} from "@market/contracts";
import { signatureHeader } from "./signature";
import { checkTarget, type ResolvedAddress, type WebhookTargets } from "./targets";

export type AttemptOutcome =
  | { ok: true; status: number; durationMs: number }
  | { ok: false; status: number | null; error: WebhookAttemptError; durationMs: number };

/** A lookup that answers the addresses already checked, so the connection goes to one of them and nowhere else. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0]?.address, addresses[0]?.family);
  }) as LookupFunction;
}

/**
 * One attempt: checks the target again (the name may point elsewhere since it was registered), then POSTs the body
 * signed at this moment (a signature per secret: a roll's grace has two) to an address just checked.
 * WEBHOOK_TIMEOUT_MS for the whole exchange; a redirect is an answer, never followed; at most WEBHOOK_RESPONSE_MAX_BYTES of the answer are read.
 */
export async function sendWebhook(
  target: { url: string; secrets: readonly string[]; body: string },
  targets: WebhookTargets,
  nowSeconds: number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target.url);
  const check = await checkTarget(url, targets);
  if (!check.ok) return { ok: false, status: null, error: "refused_address", durationMs: elapsed() };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(url, {
      method: "POST",
      agent: false,
      lookup: pinnedLookup(check.addresses),
      headers: {
        "content-type": "application/json",
        "user-agent": "Market-Webhooks/1",
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(target.secrets, target.body, nowSeconds),
      },
    });
    const timer = setTimeout(
      () => settle({ ok: false, status: null, error: "timeout", durationMs: elapsed() }),
      WEBHOOK_TIMEOUT_MS,
    );
    request.on("error", () => settle({ ok: false, status: null, error: "connection", durationMs: elapsed() }));
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => {
        if (status >= 200 && status < 300) settle({ ok: true, status, durationMs: elapsed() });
        else {
          const error = status >= 300 && status < 400 ? "redirect" : "bad_status";
          settle({ ok: false, status, error, durationMs: elapsed() });
        }
      };
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        // Enough of it: the rest is never read (the connection is closed).
        if (read >= WEBHOOK_RESPONSE_MAX_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    request.end(target.body);
  });
}
