import { type HttpHandler, HttpResponse, http } from "msw";
import { type OpenApiDocument, requestSchema, schemaErrors } from "./specs/openapi-schema";
import payoutsSpec from "./specs/paypal-payouts-batch-v1.json";

/**
 * A fake of PayPal's OAuth 2 token endpoint and Payouts v1 API for msw (one handlers file per provider), shaped by
 * PayPal's published description, payments_payouts_batch_v1 1.9 (github.com/paypal/paypal-rest-api-specifications,
 * openapi/payments_payouts_batch_v1.json at ec4d8f3; the trimmed copy in specs/, against which
 * paypal-spec.int.test.ts checks this fake's answers):
 * - POST /v1/oauth2/token: a client-credentials token for the test client only (developer.paypal.com/api/rest/
 *   authentication: the answer's scope, access_token, token_type, expires_in; invalid_client otherwise).
 * - POST /v1/payments/payouts: the request body checked against the spec's create_payout_request, a violation
 *   answered as the spec's error_400 (INVALID_REQUEST, details naming the field as a JSON pointer); a receiver at
 *   `invalid.example` refused with the 400 VALIDATION_ERROR PayPal answers for a bad item (as observed in
 *   github.com/paypal/Payouts-Java-SDK/issues/7: details[].field "items[0].receiver"); a repeated PayPal-Request-Id
 *   answers the first batch again (spec: PayPal-Request-Id keys are kept 30 days); a sender_batch_id used before is
 *   refused (spec, sender_batch_header.sender_batch_id: "the API rejects the request with an error message that
 *   shows the duplicate sender_batch_id and includes a HATEOAS link to the original payout"; the name, message and
 *   detail as PayPal answers it, github.com/paypal/PayPal-Ruby-SDK/issues/120: 400 USER_BUSINESS_ERROR, "User
 *   business error.", details [{field: "SENDER_BATCH_ID", issue: "Duplicate batch request"}]); 201 with the spec's
 *   `payout` (batch_header and links).
 * - GET /v1/payments/payouts/{id}: the spec's `payout_batch`, each batch's item status moved by a test with
 *   `setItem` (SUCCESS, FAILED with the spec's `error` as errors, RETURNED, UNCLAIMED…); 404 INVALID_RESOURCE_ID.
 */

const SPEC = payoutsSpec as unknown as OpenApiDocument;
const INFORMATION_LINK = "https://developer.paypal.com/docs/api/payments.payouts-batch/#errors";

export const PAYPAL_TEST_OPTIONS = {
  clientId: "paypal-test-client-id",
  clientSecret: "paypal-test-client-secret",
  apiUrl: "https://api-m.sandbox.paypal.com",
} as const;

export interface FakePayPalBatch {
  payoutBatchId: string;
  senderBatchId: string;
  requestId: string | null;
  receiver: string;
  amount: { value: string; currency: string };
  batchStatus: string;
  item: { transaction_status: string; errors?: { name: string; message: string } };
}

/** An error answer as the spec's `error` schema has it (name, message and debug_id are required). */
export function paypalError(name: string, message: string, extra: { details?: unknown[]; links?: unknown[] } = {}) {
  return {
    name,
    message,
    debug_id: crypto.randomUUID().replaceAll("-", "").slice(0, 13),
    information_link: INFORMATION_LINK,
    details: extra.details ?? [],
    links: extra.links ?? [],
  };
}

/** The spec's error_400: the request violates the schema; each detail names its field as a JSON pointer. */
export function invalidRequest(details: { field: string; issue: string; description?: string }[]) {
  return paypalError("INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", {
    details: details.map((detail) => ({ location: "body", ...detail })),
  });
}

/** An error path of schemaErrors ("items[0].receiver: longer than 127") as the JSON pointer PayPal names. */
const pointerOf = (fault: string) =>
  `/${(fault.split(":")[0] ?? "").replace(/\[(\d+)\]/g, ".$1").replaceAll(".", "/")}`;

/**
 * The issue PayPal names for a schema fault, with its description, from its validation issues
 * (developer.paypal.com/api/rest/responses, "Validation errors"; e.g. /api/payments/v2/errors/invalid_string_length).
 */
function issueOf(fault: string): { issue: string; description: string } {
  if (fault.endsWith(": required")) {
    return { issue: "MISSING_REQUIRED_PARAMETER", description: "A required field / parameter is missing." };
  }
  if (/: (longer|shorter) than \d+$/.test(fault)) {
    return { issue: "INVALID_STRING_LENGTH", description: "The value of a field is either too short or too long." };
  }
  return {
    issue: "INVALID_PARAMETER_SYNTAX",
    description: "The value of a field does not conform to the expected format.",
  };
}

export function fakePayPal() {
  const base = PAYPAL_TEST_OPTIONS.apiUrl;
  const batches = new Map<string, FakePayPalBatch>();
  const tokens = new Set<string>();
  const state = { tokenRequests: 0, batchPosts: 0 };
  /** Request ids PayPal no longer replays: forgotten after 30 days (forgetRequestIds). */
  let requestIdsKept = true;
  /** An error a test wants PayPal's next batch answered with (refuseNextBatch). */
  let nextRefusal: { status: number; body: unknown } | null = null;

  const bearer = (request: Request) => tokens.has((request.headers.get("authorization") ?? "").replace(/^Bearer /, ""));
  const unauthorized = () =>
    HttpResponse.json(
      { error: "invalid_token", error_description: "Token signature verification failed" },
      { status: 401 },
    );
  const batchLink = (batch: FakePayPalBatch) => ({
    href: `${base}/v1/payments/payouts/${batch.payoutBatchId}`,
    rel: "self",
    method: "GET",
  });
  /** POST's 201 answer, the spec's `payout`. */
  const createdBody = (batch: FakePayPalBatch) => ({
    batch_header: {
      payout_batch_id: batch.payoutBatchId,
      batch_status: "PENDING",
      sender_batch_header: { sender_batch_id: batch.senderBatchId, email_subject: "You have a payout" },
    },
    links: [batchLink(batch)],
  });
  /** GET's answer, the spec's `payout_batch`. */
  const batchBody = (batch: FakePayPalBatch) => ({
    batch_header: {
      payout_batch_id: batch.payoutBatchId,
      batch_status: batch.batchStatus,
      sender_batch_header: { sender_batch_id: batch.senderBatchId },
    },
    links: [batchLink(batch)],
    items: [
      {
        payout_item_id: `${batch.payoutBatchId}-1`,
        payout_batch_id: batch.payoutBatchId,
        transaction_status: batch.item.transaction_status,
        payout_item: { receiver: batch.receiver, amount: batch.amount, recipient_type: "EMAIL" },
        ...(batch.item.errors ? { errors: paypalError(batch.item.errors.name, batch.item.errors.message) } : {}),
      },
    ],
  });

  const handlers: HttpHandler[] = [
    http.post(`${base}/v1/oauth2/token`, async ({ request }) => {
      state.tokenRequests += 1;
      const expected = `Basic ${Buffer.from(`${PAYPAL_TEST_OPTIONS.clientId}:${PAYPAL_TEST_OPTIONS.clientSecret}`).toString("base64")}`;
      const form = new URLSearchParams(await request.text());
      if (request.headers.get("authorization") !== expected || form.get("grant_type") !== "client_credentials") {
        return HttpResponse.json(
          { error: "invalid_client", error_description: "Client Authentication failed" },
          { status: 401 },
        );
      }
      const token = `A21AA${crypto.randomUUID().replaceAll("-", "")}`;
      tokens.add(token);
      return HttpResponse.json({
        scope: "https://uri.paypal.com/services/payouts",
        access_token: token,
        token_type: "Bearer",
        expires_in: 32_400,
      });
    }),
    http.post(`${base}/v1/payments/payouts`, async ({ request }) => {
      if (!bearer(request)) return unauthorized();
      state.batchPosts += 1;
      const requestId = request.headers.get("paypal-request-id");
      const replay = [...batches.values()].find(
        (batch) => requestIdsKept && requestId && batch.requestId === requestId,
      );
      if (replay) return HttpResponse.json(createdBody(replay), { status: 201 });
      const json: unknown = await request.json().catch(() => null);
      const faults = schemaErrors(SPEC, requestSchema(SPEC, "POST", "/v1/payments/payouts"), json);
      if (faults.length > 0) {
        const details = faults.map((fault) => ({
          field: pointerOf(fault),
          ...issueOf(fault),
        }));
        return HttpResponse.json(invalidRequest(details), { status: 400 });
      }
      if (nextRefusal) {
        const refusal = nextRefusal;
        nextRefusal = null;
        return HttpResponse.json(refusal.body as Record<string, unknown>, { status: refusal.status });
      }
      const body = json as {
        sender_batch_header: { sender_batch_id?: string };
        items: { receiver: string; amount: { value: string; currency: string } }[];
      };
      const senderBatchId = body.sender_batch_header.sender_batch_id ?? "";
      const original = [...batches.values()].find((batch) => senderBatchId && batch.senderBatchId === senderBatchId);
      if (original) {
        const duplicate = paypalError("USER_BUSINESS_ERROR", "User business error.", {
          details: [{ field: "SENDER_BATCH_ID", location: "body", issue: "Duplicate batch request" }],
          links: [batchLink(original)],
        });
        return HttpResponse.json(duplicate, { status: 400 });
      }
      const [item] = body.items;
      if (!item || item.receiver.endsWith("@invalid.example")) {
        const invalid = paypalError("VALIDATION_ERROR", "Invalid request - see details", {
          details: [
            { field: "items[0].receiver", location: "body", issue: "Receiver is invalid or does not match with type" },
          ],
        });
        return HttpResponse.json(invalid, { status: 400 });
      }
      const batch: FakePayPalBatch = {
        payoutBatchId: `5UXD2E8A7EBQ${batches.size + 10}`,
        senderBatchId,
        requestId,
        receiver: item.receiver,
        amount: item.amount,
        batchStatus: "PENDING",
        item: { transaction_status: "PENDING" },
      };
      batches.set(batch.payoutBatchId, batch);
      return HttpResponse.json(createdBody(batch), { status: 201 });
    }),
    http.get(`${base}/v1/payments/payouts/:batchId`, ({ request, params }) => {
      if (!bearer(request)) return unauthorized();
      const batch = batches.get(String(params.batchId));
      if (!batch)
        return HttpResponse.json(paypalError("INVALID_RESOURCE_ID", "The requested resource ID was not found"), {
          status: 404,
        });
      return HttpResponse.json(batchBody(batch));
    }),
  ];

  return {
    handlers,
    batches,
    state,
    /**
     * PayPal no longer replays a batch for its PayPal-Request-Id (kept 30 days, spec: parameters.paypal_request_id):
     * a send again then meets the sender_batch_id check, PayPal's guard against a duplicate payout.
     */
    forgetRequestIds: () => {
      requestIdsKept = false;
    },
    /** PayPal refuses the next well-formed batch with this answer (e.g. invalidRequest for a field of ours). */
    refuseNextBatch(status: number, body: unknown) {
      nextRefusal = { status, body };
    },
    /** Expires every token, as PayPal does after expires_in. */
    expireTokens: () => tokens.clear(),
    /** Moves a batch's item (and the batch) as PayPal would. */
    setItem(batchId: string, item: FakePayPalBatch["item"], batchStatus = "SUCCESS") {
      const batch = batches.get(batchId);
      if (!batch) throw new Error(`no batch ${batchId}`);
      batch.item = item;
      batch.batchStatus = batchStatus;
    },
  };
}
export type FakePayPal = ReturnType<typeof fakePayPal>;
