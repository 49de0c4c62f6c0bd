import { type HttpHandler, HttpResponse, http } from "msw";

/**
 * A fake of the part of Wise's REST API the Wise payout adapter uses, for msw (one handlers file per provider):
 * quotes (v3), recipient accounts (v1, email type; an address at `invalid.example` is refused with Wise's 422
 * validation body), transfers (v1; a repeated customerTransactionId answers the transfer already made, as Wise
 * does), funding from the balance (v3 payments; a second funding is refused) and the transfer's status, which a test
 * moves with `setStatus`. A wrong token is a 401. State lives in the fake returned by `fakeWise()`.
 */

export const WISE_TEST_OPTIONS = {
  apiToken: "wise-test-token-0123456789",
  profileId: "16100001",
  apiUrl: "https://api.sandbox.transferwise.tech",
} as const;

export interface FakeWiseTransfer {
  id: number;
  targetAccount: number;
  quoteUuid: string;
  customerTransactionId: string;
  status: string;
  funded: number;
}

export function fakeWise() {
  const base = WISE_TEST_OPTIONS.apiUrl;
  const quotes = new Map<string, { amount: number }>();
  const accounts = new Map<number, { name: string | null; email: string }>();
  const transfers = new Map<number, FakeWiseTransfer>();
  const state = { nextId: 50_000_001, fundingFails: false, down: false };

  const authorized = (request: Request) =>
    request.headers.get("authorization") === `Bearer ${WISE_TEST_OPTIONS.apiToken}`;
  const refusedToken = () =>
    HttpResponse.json({ error: "invalid_token", error_description: "Invalid token" }, { status: 401 });
  const guard = (request: Request) => {
    if (state.down) return HttpResponse.json({ message: "Service unavailable" }, { status: 503 });
    return authorized(request) ? null : refusedToken();
  };

  const handlers: HttpHandler[] = [
    http.post(`${base}/v3/profiles/:profileId/quotes`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { targetAmount: number; sourceCurrency: string };
      const id = crypto.randomUUID();
      quotes.set(id, { amount: body.targetAmount });
      return HttpResponse.json({ id, sourceCurrency: body.sourceCurrency, targetAmount: body.targetAmount, rate: 1 });
    }),
    http.post(`${base}/v1/accounts`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { accountHolderName: string | null; details: { email: string } };
      if (body.details.email.endsWith("@invalid.example")) {
        return HttpResponse.json(
          { errors: [{ code: "NOT_VALID", message: "Please specify a valid email address.", path: "email" }] },
          { status: 422 },
        );
      }
      if (!body.accountHolderName) {
        return HttpResponse.json(
          {
            errors: [
              { code: "NOT_VALID", message: "Please enter the recipient's full name.", path: "accountHolderName" },
            ],
          },
          { status: 422 },
        );
      }
      const id = state.nextId++;
      accounts.set(id, { name: body.accountHolderName, email: body.details.email });
      return HttpResponse.json({ id, currency: "USD", type: "email", accountHolderName: body.accountHolderName });
    }),
    http.post(`${base}/v1/transfers`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as {
        targetAccount: number;
        quoteUuid: string;
        customerTransactionId: string;
      };
      const existing = [...transfers.values()].find((t) => t.customerTransactionId === body.customerTransactionId);
      if (existing) return HttpResponse.json(existing);
      if (!quotes.has(body.quoteUuid) || !accounts.has(body.targetAccount)) {
        return HttpResponse.json(
          { errors: [{ code: "NOT_VALID", message: "Quote or account not found." }] },
          { status: 422 },
        );
      }
      const transfer: FakeWiseTransfer = {
        id: state.nextId++,
        targetAccount: body.targetAccount,
        quoteUuid: body.quoteUuid,
        customerTransactionId: body.customerTransactionId,
        status: "incoming_payment_waiting",
        funded: 0,
      };
      transfers.set(transfer.id, transfer);
      return HttpResponse.json(transfer);
    }),
    http.post(`${base}/v3/profiles/:profileId/transfers/:transferId/payments`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const transfer = transfers.get(Number(params.transferId));
      if (!transfer) return HttpResponse.json({ errors: [{ code: "NOT_FOUND" }] }, { status: 404 });
      if (state.fundingFails) {
        return HttpResponse.json(
          { type: "BALANCE", status: "REJECTED", errorCode: "transfer.insufficient_funds" },
          { status: 201 },
        );
      }
      if (transfer.status !== "incoming_payment_waiting") {
        return HttpResponse.json({ errors: [{ code: "transfer.already.funded" }] }, { status: 409 });
      }
      transfer.funded += 1;
      transfer.status = "processing";
      return HttpResponse.json({ type: "BALANCE", status: "COMPLETED", errorCode: null }, { status: 201 });
    }),
    http.get(`${base}/v1/transfers/:transferId`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const transfer = transfers.get(Number(params.transferId));
      return transfer
        ? HttpResponse.json(transfer)
        : HttpResponse.json({ errors: [{ code: "NOT_FOUND" }] }, { status: 404 });
    }),
  ];

  return {
    handlers,
    transfers,
    accounts,
    state,
    /** Moves a transfer as Wise would: outgoing_payment_sent, bounced_back, cancelled, funds_refunded… */
    setStatus(id: number, status: string) {
      const transfer = transfers.get(id);
      if (!transfer) throw new Error(`no transfer ${id}`);
      transfer.status = status;
    },
  };
}
export type FakeWise = ReturnType<typeof fakeWise>;
