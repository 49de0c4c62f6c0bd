import { type HttpHandler, HttpResponse, http } from "msw";
import { usdAccountRequirements } from "./wise-requirements";

/**
 * A fake of the part of Wise's REST API the Wise payout adapter uses, for msw (one handlers file per provider),
 * answering as Wise's published documentation says. Wise publishes no machine-readable OpenAPI document that we could
 * find; the shapes follow the API reference and guides at docs.wise.com (read in the copies kept with their source
 * URLs in github.com/ParapluOU/wise-rs, docs/, commit 578904190f29, Feb 2026), and specs/wise-api.json (beside this
 * file) trims them into the schema services/payouts/wise/wise-openapi.int.test.ts checks every request and answer
 * of these handlers against.
 *
 * - Quotes (v3), api-reference/quote "Create a quote (authenticated)" / "Update a quote": either sourceAmount or
 *   targetAmount, never both (400 `error.quote.amount.onlySingle`, guides/developer/errors "Create Quote"); the
 *   update is a JSON merge patch adding the recipient (`targetAccount`). A quote lasts 30 minutes (expirationTime).
 * - Account requirements (v1.1), api-reference/recipient "Retrieve recipient account requirements dynamically":
 *   the recipient types offered for USD; `email` only where Wise turned email recipients on for the account
 *   (`state.emailRecipients`), as "Please contact us before attempting to use email recipients" says.
 * - Recipients (v1 accounts), api-reference/recipient "Create a recipient account": `aba` (abartn, accountNumber,
 *   accountType, address) or `email`; a personal name of one word is refused with Wise's 422 (errors guide, "Create
 *   Recipient", 422 Missing name), an address at `invalid.example` with a 422 NOT_VALID of the same shape.
 * - Transfers (v1), api-reference/transfer "Create a transfer": one transfer per quote; a repeated
 *   customerTransactionId answers the transfer already made ("Avoiding duplicate transfers"); the reference must fit
 *   the route: USD (ACH) takes 10 characters of `[a-zA-Z0-9- ]` ("Requesting transfer requirements" example; Wise's
 *   help article 2361305 "Currency Reference Length Allowed": USD 10), else a 422 on `reference`.
 * - Funding from the balance (v3 payments), guides/product/accounts/transfer-from-balance-account and errors guide
 *   "Fund Transfer": 201 COMPLETED; 422 REJECTED `balance.payment-option-unavailable` when the balance is short
 *   (`state.balanceShort`); 403 with `x-2fa-approval-result: REJECTED` when the profile needs strong customer
 *   authentication (`state.scaRequired`, guides/developer/auth-and-security/sca-over-api).
 * - The transfer's status (v1), moved by a test with `setStatus` (guides/product/send-money/tracking-transfers).
 *
 * A wrong token is a 401 `invalid_token` (errors guide, "System Errors"). Every call is recorded in `calls`.
 */

export const WISE_TEST_OPTIONS = {
  apiToken: "wise-test-token-0123456789",
  profileId: "16100001",
  apiUrl: "https://api.sandbox.transferwise.tech",
} as const;

/** Wise's longest reference for a USD (ACH) transfer, and the characters its requirements allow. */
export const WISE_USD_REFERENCE_MAX = 10;
const REFERENCE_PATTERN = /^[a-zA-Z0-9- ]*$/;
const QUOTE_LIFETIME_MS = 30 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FakeWiseQuote {
  id: string;
  sourceAmount: number | null;
  targetAmount: number | null;
  payOut: string;
  preferredPayIn: string | null;
  targetAccount: number | null;
  createdMs: number;
}

export interface FakeWiseAccount {
  type: string;
  name: string | null;
  email?: string;
  details: Record<string, unknown>;
}

export interface FakeWiseTransfer {
  id: number;
  targetAccount: number;
  quoteUuid: string;
  customerTransactionId: string;
  reference: string;
  status: string;
  funded: number;
}

/** One request the fake answered, and its answer, for the OpenAPI check and the tests. */
export interface FakeWiseCall {
  method: string;
  path: string;
  /** The operation's path template, as the OpenAPI document names it. */
  operation: string;
  body: unknown;
  /** The request's content type, for the operations that name theirs (the quote's merge patch). */
  contentType: string | null;
  status: number;
  answer: unknown;
  answerHeaders: Record<string, string>;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** Wise's client error (errors guide, "Client Errors"): 422 for a request that failed validation, 400 for a quote's. */
const validation = (path: string, message: string, code = "NOT_VALID", status = 422): Answer => ({
  status,
  body: { errors: [{ code, message, path, arguments: [path] }] },
});

export function fakeWise() {
  const base = WISE_TEST_OPTIONS.apiUrl;
  const quotes = new Map<string, FakeWiseQuote>();
  const accounts = new Map<number, FakeWiseAccount>();
  const transfers = new Map<number, FakeWiseTransfer>();
  const calls: FakeWiseCall[] = [];
  const state = {
    nextId: 50_000_001,
    balanceShort: false,
    scaRequired: false,
    emailRecipients: false,
    down: false,
    /** The fake's clock, for the quotes' expiry. */
    now: () => Date.now(),
  };

  const quoteView = (quote: FakeWiseQuote) => ({
    id: quote.id,
    sourceCurrency: "USD",
    targetCurrency: "USD",
    sourceAmount: quote.sourceAmount ?? quote.targetAmount,
    targetAmount: quote.targetAmount ?? quote.sourceAmount,
    payOut: quote.payOut,
    preferredPayIn: quote.preferredPayIn,
    rate: 1,
    createdTime: new Date(quote.createdMs).toISOString(),
    user: 4342275,
    profile: Number(WISE_TEST_OPTIONS.profileId),
    rateType: "FIXED",
    providedAmountType: quote.targetAmount === null ? "SOURCE" : "TARGET",
    targetAccount: quote.targetAccount,
    paymentOptions: [
      {
        disabled: false,
        payIn: "BALANCE",
        payOut: quote.payOut,
        fee: { total: 0.5 },
        sourceAmount: quote.targetAmount ?? quote.sourceAmount,
        targetAmount: quote.targetAmount ?? quote.sourceAmount,
      },
    ],
    status: "PENDING",
    expirationTime: new Date(quote.createdMs + QUOTE_LIFETIME_MS).toISOString(),
    notices: [],
  });

  const transferView = (transfer: FakeWiseTransfer) => {
    const quote = quotes.get(transfer.quoteUuid);
    const amount = quote?.targetAmount ?? quote?.sourceAmount ?? 0;
    return {
      id: transfer.id,
      user: 4342275,
      targetAccount: transfer.targetAccount,
      sourceAccount: null,
      quote: null,
      quoteUuid: transfer.quoteUuid,
      status: transfer.status,
      reference: "",
      rate: 1,
      created: "2026-03-02 10:00:00",
      business: Number(WISE_TEST_OPTIONS.profileId),
      transferRequest: null,
      details: { reference: transfer.reference },
      hasActiveIssues: false,
      sourceCurrency: "USD",
      sourceValue: amount,
      targetCurrency: "USD",
      targetValue: amount,
      customerTransactionId: transfer.customerTransactionId,
    };
  };

  const createQuote = (body: Record<string, unknown>): Answer => {
    const source = typeof body.sourceAmount === "number" ? body.sourceAmount : null;
    const target = typeof body.targetAmount === "number" ? body.targetAmount : null;
    if ((source === null) === (target === null)) {
      return validation(
        "sourceAmount",
        "Please only specify a source or target amount.",
        "error.quote.amount.onlySingle",
        400,
      );
    }
    const quote: FakeWiseQuote = {
      id: crypto.randomUUID(),
      sourceAmount: source,
      targetAmount: target,
      payOut: typeof body.payOut === "string" ? body.payOut : "BANK_TRANSFER",
      preferredPayIn: typeof body.preferredPayIn === "string" ? body.preferredPayIn : null,
      targetAccount: typeof body.targetAccount === "number" ? body.targetAccount : null,
      createdMs: state.now(),
    };
    quotes.set(quote.id, quote);
    return { status: 200, body: quoteView(quote) };
  };

  const createAccount = (body: Record<string, unknown>): Answer => {
    const details = (body.details ?? {}) as Record<string, unknown>;
    const name = typeof body.accountHolderName === "string" ? body.accountHolderName : null;
    if (!name || name.trim().split(/\s+/).length < 2) {
      return validation("accountHolderName", "Please enter the recipients first and last name.");
    }
    if (body.type === "email") {
      const email = String(details.email ?? "");
      // Wise documents no answer for an account without the feature; its account requirements lack the type.
      if (!state.emailRecipients) return validation("type", "Email recipients are not available for this account.");
      if (email.endsWith("@invalid.example")) return validation("email", "Please specify a valid email address.");
    } else if (body.type === "aba") {
      if (!/^\d{9}$/.test(String(details.abartn ?? "")))
        return validation("abartn", "Please specify a valid ACH routing number.");
      if (!/^\d{4,17}$/.test(String(details.accountNumber ?? "")))
        return validation("accountNumber", "Please specify a valid account number.");
    } else {
      return validation("type", "This recipient type is not supported for USD.");
    }
    const id = state.nextId++;
    accounts.set(id, {
      type: String(body.type),
      name,
      details,
      ...(body.type === "email" ? { email: String(details.email) } : {}),
    });
    return {
      status: 200,
      body: {
        id,
        business: null,
        profile: Number(body.profile),
        accountHolderName: name,
        currency: "USD",
        country: "US",
        type: body.type,
        details,
        user: 4342275,
        active: true,
        ownedByCustomer: false,
      },
    };
  };

  const createTransfer = (body: Record<string, unknown>): Answer => {
    const customerTransactionId = String(body.customerTransactionId ?? "");
    if (!UUID.test(customerTransactionId)) return validation("customerTransactionId", "Must be a UUID.");
    const existing = [...transfers.values()].find((t) => t.customerTransactionId === customerTransactionId);
    if (existing) return { status: 200, body: transferView(existing) };
    const quote = quotes.get(String(body.quoteUuid));
    const account = accounts.get(Number(body.targetAccount));
    if (!quote || !account) return validation("quoteUuid", "Quote or account not found.", "NOT_FOUND");
    if (quote.createdMs + QUOTE_LIFETIME_MS < state.now()) return validation("quoteUuid", "The quote has expired.");
    if ([...transfers.values()].some((t) => t.quoteUuid === quote.id)) {
      return validation("quoteUuid", "You can only create one transfer per one quote.");
    }
    const reference = String((body.details as { reference?: unknown } | undefined)?.reference ?? "");
    if (reference.length > WISE_USD_REFERENCE_MAX || !REFERENCE_PATTERN.test(reference)) {
      return validation(
        "reference",
        `The reference can be at most ${WISE_USD_REFERENCE_MAX} characters: letters, digits, spaces and dashes.`,
      );
    }
    if (account.type === "aba" && !account.details.address) {
      return {
        status: 422,
        body: {
          errors: [
            {
              code: "INVALID_RECIPIENT",
              message: "Recipient address is mandatory for this payment, please update or create a new recipient.",
              arguments: [],
            },
          ],
        },
      };
    }
    const transfer: FakeWiseTransfer = {
      id: state.nextId++,
      targetAccount: Number(body.targetAccount),
      quoteUuid: quote.id,
      customerTransactionId,
      reference,
      status: "incoming_payment_waiting",
      funded: 0,
    };
    transfers.set(transfer.id, transfer);
    return { status: 200, body: transferView(transfer) };
  };

  const fund = (transferId: number, body: Record<string, unknown>): Answer => {
    const transfer = transfers.get(transferId);
    if (!transfer)
      return { status: 404, body: { errors: [{ code: "NOT_FOUND", message: "Transfer not found", arguments: [] }] } };
    if (body.type !== "BALANCE") return validation("type", "Unsupported funding type.");
    if (state.scaRequired) {
      return {
        status: 403,
        headers: { "x-2fa-approval": "bb676aeb-7c4d-4930-bb55-ab949fd3fd87", "x-2fa-approval-result": "REJECTED" },
        body: {
          error: "unauthorized",
          message: "Unauthorized",
          path: null,
          status: 403,
          timestamp: new Date(state.now()).toISOString(),
        },
      };
    }
    if (state.balanceShort) {
      return {
        status: 422,
        body: {
          type: "BALANCE",
          status: "REJECTED",
          errorCode: "balance.payment-option-unavailable",
          errorMessage: null,
        },
      };
    }
    if (transfer.status !== "incoming_payment_waiting") {
      return {
        status: 409,
        body: { errors: [{ code: "transfer.already.funded", message: "Transfer already funded", arguments: [] }] },
      };
    }
    transfer.funded += 1;
    transfer.status = "processing";
    return { status: 201, body: { type: "BALANCE", status: "COMPLETED", errorCode: null, errorMessage: null } };
  };

  /** Runs one operation: the outage and token checks, then the answer, recorded with its request. */
  const answering =
    (
      method: string,
      operation: string,
      answer: (body: Record<string, unknown>, params: Record<string, string>) => Answer,
    ) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      const text = method === "GET" ? "" : await request.text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const result: Answer = state.down
        ? { status: 503, body: { message: "Service unavailable" } }
        : request.headers.get("authorization") !== `Bearer ${WISE_TEST_OPTIONS.apiToken}`
          ? { status: 401, body: { error: "invalid_token", error_description: "945fdc16-56cb-4039-90b4-998d583740ce" } }
          : answer(body, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
      calls.push({
        method,
        path: new URL(request.url).pathname,
        operation,
        body: text ? body : undefined,
        contentType: request.headers.get("content-type"),
        status: result.status,
        answer: result.body,
        answerHeaders: result.headers ?? {},
      });
      return HttpResponse.json(result.body as never, { status: result.status, headers: result.headers ?? {} });
    };

  const handlers: HttpHandler[] = [
    http.post(
      `${base}/v3/profiles/:profileId/quotes`,
      answering("POST", "/v3/profiles/{profileId}/quotes", (body) => createQuote(body)),
    ),
    http.patch(`${base}/v3/profiles/:profileId/quotes/:quoteId`, async (info) => {
      if (info.request.headers.get("content-type") !== "application/merge-patch+json") {
        return HttpResponse.json(
          { errors: [{ code: "UNSUPPORTED_MEDIA_TYPE", message: "Use application/merge-patch+json" }] },
          { status: 415 },
        );
      }
      return answering("PATCH", "/v3/profiles/{profileId}/quotes/{quoteId}", (body, params) => {
        const quote = quotes.get(params.quoteId ?? "");
        if (!quote)
          return { status: 404, body: { errors: [{ code: "NOT_FOUND", message: "Quote not found", arguments: [] }] } };
        if (typeof body.targetAccount === "number") quote.targetAccount = body.targetAccount;
        return { status: 200, body: quoteView(quote) };
      })(info);
    }),
    http.get(
      `${base}/v1/quotes/:quoteId/account-requirements`,
      answering("GET", "/v1/quotes/{quoteId}/account-requirements", (_body, params) =>
        quotes.has(params.quoteId ?? "")
          ? { status: 200, body: usdAccountRequirements({ email: state.emailRecipients }) }
          : { status: 404, body: { errors: [{ code: "NOT_FOUND", message: "Quote not found", arguments: [] }] } },
      ),
    ),
    http.post(
      `${base}/v1/accounts`,
      answering("POST", "/v1/accounts", (body) => createAccount(body)),
    ),
    http.post(
      `${base}/v1/transfers`,
      answering("POST", "/v1/transfers", (body) => createTransfer(body)),
    ),
    http.post(
      `${base}/v3/profiles/:profileId/transfers/:transferId/payments`,
      answering("POST", "/v3/profiles/{profileId}/transfers/{transferId}/payments", (body, params) =>
        fund(Number(params.transferId), body),
      ),
    ),
    http.get(
      `${base}/v1/transfers/:transferId`,
      answering("GET", "/v1/transfers/{transferId}", (_body, params) => {
        const transfer = transfers.get(Number(params.transferId));
        return transfer
          ? { status: 200, body: transferView(transfer) }
          : { status: 404, body: { errors: [{ code: "NOT_FOUND", message: "Transfer not found", arguments: [] }] } };
      }),
    ),
  ];

  return {
    handlers,
    quotes,
    transfers,
    accounts,
    calls,
    state,
    /** Moves a transfer as Wise would: outgoing_payment_sent, bounced_back, funds_refunded, cancelled... */
    setStatus(id: number, status: string) {
      const transfer = transfers.get(id);
      if (!transfer) throw new Error(`no transfer ${id}`);
      transfer.status = status;
    },
  };
}
export type FakeWise = ReturnType<typeof fakeWise>;
