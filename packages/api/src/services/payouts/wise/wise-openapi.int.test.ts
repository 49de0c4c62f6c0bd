import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { type OpenApiDocument, type Schema, schemaErrors } from "../../../testing/msw/specs/openapi-schema";
import wiseApi from "../../../testing/msw/specs/wise-api.json";
import { type FakeWise, fakeWise, WISE_TEST_OPTIONS } from "../../../testing/msw/wise-handlers";
import { type PayoutOrder, payoutReference, transferReference } from "../provider";
import { createWisePayoutProvider } from "./wise-provider";

/**
 * The Wise fake checked against the trimmed description of Wise's API (testing/msw/specs/wise-api.json, written from
 * docs.wise.com's reference): every request the adapter sends and every answer the fake gives, errors included,
 * must be one the document names, with the documented status and shape. A fake drifting from Wise, or an adapter
 * sending a field Wise does not take, fails here.
 */

type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    { headers?: Record<string, { required?: boolean }>; content: Record<string, { schema: Schema }> }
  >;
};
const document = wiseApi as unknown as OpenApiDocument;
const paths = wiseApi.paths as unknown as Record<string, Record<string, Operation>>;
/** What a value breaks of the document's schema, as one line ("" when it agrees). */
const faults = (schema: Schema, value: unknown) => schemaErrors(document, schema, value).join("; ");

let wise: FakeWise;
const provider = createWisePayoutProvider(WISE_TEST_OPTIONS);
const order = (id: number, overrides: Partial<PayoutOrder> = {}): PayoutOrder => ({
  reference: payoutReference(id),
  statementReference: transferReference(id),
  amountCents: 2_550,
  email: "ann@example.com",
  accountOwnerName: "Ann Lee",
  bankAccount: {
    routingNumber: "111000025",
    accountNumber: "12345678",
    accountType: "CHECKING",
    address: { country: "US", state: "NY", city: "New York", firstLine: "50 Branson Ave", postCode: "10025" },
  },
  ...overrides,
});

beforeEach(() => {
  wise = fakeWise();
  mswServer.use(...wise.handlers);
});

/** Every call the fake answered, against the document: the problems found, empty when all agree. */
function disagreements(): string[] {
  const problems: string[] = [];
  for (const call of wise.calls) {
    const name = `${call.method} ${call.operation} -> ${call.status}`;
    const operation = paths[call.operation]?.[call.method.toLowerCase()];
    if (!operation) {
      problems.push(`${name}: not in the document`);
      continue;
    }
    if (call.body !== undefined) {
      const contentType = (call.contentType ?? "").split(";")[0] ?? "";
      const request = operation.requestBody?.content[contentType];
      if (!request) problems.push(`${name}: a ${contentType} body the document does not take`);
      else if (faults(request.schema, call.body))
        problems.push(`${name}: request ${faults(request.schema, call.body)}`);
    }
    const response = operation.responses[String(call.status)];
    if (!response) {
      problems.push(`${name}: a status the document does not name`);
      continue;
    }
    const schema = response.content["application/json"]?.schema;
    if (schema && faults(schema, call.answer)) problems.push(`${name}: answer ${faults(schema, call.answer)}`);
    for (const [header, spec] of Object.entries(response.headers ?? {})) {
      if (spec.required && !(header in call.answerHeaders)) problems.push(`${name}: no ${header} header`);
    }
  }
  return problems;
}

describe("the Wise fake against Wise's documented API", () => {
  it("agrees on a payout to a US bank account, from the quote to its status", async () => {
    const sent = await provider.send(order(1));
    if (sent.status !== "sent") throw new Error("not sent");
    await provider.status(sent.providerReference);
    expect(new Set(wise.calls.map((call) => `${call.method} ${call.operation} ${call.status}`))).toEqual(
      new Set([
        "POST /v3/profiles/{profileId}/quotes 200",
        "GET /v1/quotes/{quoteId}/account-requirements 200",
        "POST /v1/accounts 200",
        "PATCH /v3/profiles/{profileId}/quotes/{quoteId} 200",
        "POST /v1/transfers 200",
        "POST /v3/profiles/{profileId}/transfers/{transferId}/payments 201",
        "GET /v1/transfers/{transferId} 200",
      ]),
    );
    expect(disagreements()).toEqual([]);
  });

  it("agrees on the refusals: a long reference, a one-word name, strong customer authentication, a short balance, a wrong token", async () => {
    await provider.send(order(2, { statementReference: payoutReference(2) }));
    await provider.send(order(3, { accountOwnerName: "Ann" }));
    wise.state.scaRequired = true;
    await provider.send(order(4));
    wise.state.scaRequired = false;
    wise.state.balanceShort = true;
    await provider.send(order(5)).catch(() => undefined);
    await createWisePayoutProvider({ ...WISE_TEST_OPTIONS, apiToken: "nope" })
      .send(order(6))
      .catch(() => undefined);
    await provider.status("99999999").catch(() => undefined);
    wise.state.emailRecipients = true;
    wise.state.balanceShort = false;
    await provider.send(order(7, { bankAccount: null }));
    // Both amounts at once, which the adapter never sends: Wise's 400.
    await fetch(`${WISE_TEST_OPTIONS.apiUrl}/v3/profiles/${WISE_TEST_OPTIONS.profileId}/quotes`, {
      method: "POST",
      headers: { authorization: `Bearer ${WISE_TEST_OPTIONS.apiToken}`, "content-type": "application/json" },
      body: JSON.stringify({ sourceCurrency: "USD", targetCurrency: "USD", sourceAmount: 10, targetAmount: 10 }),
    });
    const statuses = new Set(wise.calls.map((call) => `${call.operation} ${call.status}`));
    for (const refusal of [
      "/v1/transfers 422",
      "/v1/accounts 422",
      "/v3/profiles/{profileId}/transfers/{transferId}/payments 403",
      "/v3/profiles/{profileId}/transfers/{transferId}/payments 422",
      "/v3/profiles/{profileId}/quotes 401",
      "/v3/profiles/{profileId}/quotes 400",
      "/v1/transfers/{transferId} 404",
    ])
      expect(statuses).toContain(refusal);
    expect(disagreements()).toEqual([]);
  });

  it("catches a request Wise does not document: the old quote's payOut BALANCE beside a made-up payIn", async () => {
    await fetch(`${WISE_TEST_OPTIONS.apiUrl}/v3/profiles/${WISE_TEST_OPTIONS.profileId}/quotes`, {
      method: "POST",
      headers: { authorization: `Bearer ${WISE_TEST_OPTIONS.apiToken}`, "content-type": "application/json" },
      body: JSON.stringify({ sourceCurrency: "USD", targetCurrency: "USD", targetAmount: 10, payIn: "BALANCE" }),
    });
    expect(disagreements()).toEqual([
      expect.stringContaining(
        "POST /v3/profiles/{profileId}/quotes -> 200: request payIn: not a property of the schema",
      ),
    ]);
  });
});
