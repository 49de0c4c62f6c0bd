import { type HttpHandler, HttpResponse, http } from "msw";

/**
 * A fake of PayPal's OAuth 2 token endpoint and Payouts v1 API for msw (one handlers file per provider): a
 * client-credentials token for the test client only, batches created with a sender_batch_id PayPal keeps unique
 * (a repeated PayPal-Request-Id answers the first batch again; a reused sender_batch_id under another request id is
 * PayPal's 400 USER_BUSINESS_ERROR), a receiver at `invalid.example` refused with PayPal's 400 VALIDATION_ERROR, and
 * each batch's item status, which a test moves with `setItem` (SUCCESS, FAILED with errors, RETURNED, UNCLAIMED…).
 */

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

export function fakePayPal() {
  const base = PAYPAL_TEST_OPTIONS.apiUrl;
  const batches = new Map<string, FakePayPalBatch>();
  const tokens = new Set<string>();
  const state = { tokenRequests: 0, batchPosts: 0 };

  const bearer = (request: Request) => tokens.has((request.headers.get("authorization") ?? "").replace(/^Bearer /, ""));
  const unauthorized = () =>
    HttpResponse.json(
      { error: "invalid_token", error_description: "Token signature verification failed" },
      { status: 401 },
    );
  const batchBody = (batch: FakePayPalBatch) => ({
    batch_header: {
      payout_batch_id: batch.payoutBatchId,
      batch_status: batch.batchStatus,
      sender_batch_header: { sender_batch_id: batch.senderBatchId },
    },
    items: [
      {
        payout_item_id: `${batch.payoutBatchId}-1`,
        transaction_status: batch.item.transaction_status,
        payout_item: { receiver: batch.receiver, amount: batch.amount, recipient_type: "EMAIL" },
        ...(batch.item.errors ? { errors: batch.item.errors } : {}),
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
      const replay = [...batches.values()].find((batch) => requestId && batch.requestId === requestId);
      if (replay) return HttpResponse.json(batchBody(replay), { status: 201 });
      const body = (await request.json()) as {
        sender_batch_header: { sender_batch_id: string };
        items: { receiver: string; amount: { value: string; currency: string } }[];
      };
      const senderBatchId = body.sender_batch_header.sender_batch_id;
      if ([...batches.values()].some((batch) => batch.senderBatchId === senderBatchId)) {
        return HttpResponse.json(
          {
            name: "USER_BUSINESS_ERROR",
            message: "User business error.",
            details: [{ field: "SENDER_BATCH_ID", issue: "Batch with given sender_batch_id already exists" }],
          },
          { status: 400 },
        );
      }
      const [item] = body.items;
      if (!item || item.receiver.endsWith("@invalid.example")) {
        return HttpResponse.json(
          {
            name: "VALIDATION_ERROR",
            message: "Invalid request - see details",
            details: [{ field: "items[0].receiver", issue: "Receiver is invalid or does not match with type" }],
          },
          { status: 400 },
        );
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
      return HttpResponse.json(batchBody(batch), { status: 201 });
    }),
    http.get(`${base}/v1/payments/payouts/:batchId`, ({ request, params }) => {
      if (!bearer(request)) return unauthorized();
      const batch = batches.get(String(params.batchId));
      if (!batch)
        return HttpResponse.json(
          { name: "INVALID_RESOURCE_ID", message: "The requested resource ID was not found" },
          { status: 404 },
        );
      return HttpResponse.json(batchBody(batch));
    }),
  ];

  return {
    handlers,
    batches,
    state,
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
