import { createSession, offsetClock, systemClock } from "@market/api";
import { createBrand, influencerWithBalance, PAYOUT_TEST_PASSWORD, paypalPayout } from "@market/api/testing";
import { REASONS } from "@market/contracts";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor, nextIp } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

/**
 * Bad input on the money paths, one field at a time: a valid payout request, retry, list query and test-clock jump
 * with a single field made wrong (wrong type, out of range, fractional, huge, nested, missing). Each must be a 4xx
 * with a known reason (and for a body, the field it names), never a 5xx; hostile-input.int.test.ts throws whole
 * corpora at every route, this checks that a single bad field among good ones is caught too.
 */

// As the e2e server runs: the test routes, on a clock that may be moved.
const clock = offsetClock(systemClock);
const server = useTestApp({ testRoutes: true, clock });

let influencer = "";
let brand = "";
let failedPayoutId = 0;
beforeAll(async () => {
  const { user } = await influencerWithBalance(server.db, clock, 50_000);
  influencer = (await createSession(server.db, clock, user.id, null)).token;
  brand = (await createSession(server.db, clock, (await createBrand(server.db)).id, null)).token;
  // An id the retry path accepts the shape of (the payout itself has not failed: a good body gets `conflict`).
  const requested = await send("POST", "/api/earnings/payout", influencer, paypalPayout(2_000));
  failedPayoutId = requested.json().data.payout.id;
});

function send(method: "GET" | "POST", url: string, token: string, body?: unknown, ip = nextIp()) {
  return server.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: {
      "sec-fetch-site": "same-origin",
      ...(token ? { cookie: cookieFor(token) } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Wrong values for any field: each must be refused wherever a field expects something else. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER * 10,
  "",
  " ",
  "a".repeat(10_000),
  "\u0000",
  [],
  {},
  { nested: { deeper: [1] } },
];

/** What is wrong with a refusal: not a 4xx, not the envelope, or a reason not in the contracts. */
function refusalProblem(response: LightMyRequestResponse): string | null {
  if (response.statusCode < 400 || response.statusCode >= 500) return `status ${response.statusCode}`;
  const body = response.json() as { status?: unknown; reason?: unknown };
  if (body.status !== "error" || !(REASONS as readonly unknown[]).includes(body.reason)) {
    return `not the envelope: ${response.body.slice(0, 200)}`;
  }
  return null;
}

/** Each field of `valid` replaced by each wrong value, and each field left out (when required). */
function oneFieldWrong(valid: Record<string, unknown>, optional: readonly string[] = []) {
  const cases: { name: string; body: Record<string, unknown> }[] = [];
  for (const field of Object.keys(valid)) {
    for (const value of WRONG_VALUES) {
      cases.push({ name: `${field}=${JSON.stringify(value).slice(0, 30)}`, body: { ...valid, [field]: value } });
    }
    if (!optional.includes(field)) {
      const { [field]: _left, ...rest } = valid;
      cases.push({ name: `no ${field}`, body: rest });
    }
  }
  return cases;
}

describe("POST /api/earnings/payout, one bad field", () => {
  it("refuses each with a 4xx and its reason, and takes nothing from the balance", async () => {
    const valid = {
      method: "transferwise",
      amountInCents: 2_000,
      password: PAYOUT_TEST_PASSWORD,
      email: "ann@example.com",
      accountOwnerName: "Ann Lee",
    };
    const problems: string[] = [];
    for (const { name, body } of oneFieldWrong(valid)) {
      // A wrong value the schema accepts as text (a password or a name of spaces, say) may pass the schema and be
      // refused later (bad_password): still a 4xx with its reason.
      const response = await send("POST", "/api/earnings/payout", influencer, body);
      const problem = refusalProblem(response);
      if (problem) problems.push(`${name}: ${problem}`);
    }
    expect(problems).toEqual([]);
    const balance = await send("GET", "/api/balance", influencer);
    expect(balance.json().data.balanceCents).toBe(48_000);
  }, 120_000);
});

describe("POST /api/earnings/payouts/{id}/retry, one bad field", () => {
  it("refuses each field of the destination, and bad ids in the path", async () => {
    const destination = {
      method: "paypal",
      email: "ann@example.com",
      accountOwnerName: "Ann Lee",
      password: PAYOUT_TEST_PASSWORD,
    };
    const problems: string[] = [];
    for (const { name, body } of oneFieldWrong(destination, ["accountOwnerName"])) {
      const response = await send("POST", `/api/earnings/payouts/${failedPayoutId}/retry`, influencer, {
        destination: body,
      });
      const problem = refusalProblem(response);
      if (problem) problems.push(`${name}: ${problem}`);
    }
    for (const id of ["0", "-1", "1.5", "x", "99999999999999999999", "%00"]) {
      const response = await send("POST", `/api/earnings/payouts/${id}/retry`, influencer, {});
      const problem = refusalProblem(response);
      if (problem) problems.push(`id ${id}: ${problem}`);
    }
    for (const value of WRONG_VALUES) {
      const response = await send("POST", `/api/earnings/payouts/${failedPayoutId}/retry`, influencer, {
        destination: value,
      });
      const problem = refusalProblem(response);
      if (problem) problems.push(`destination=${JSON.stringify(value).slice(0, 30)}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe("the money lists and statements, bad queries", () => {
  const CURSORS = ["", "%ff", "a".repeat(101), "eyJ4IjoxfQ", "1:2:3", "-1", "%00", "x&cursor=y"];
  it("refuses a cursor that is not one of theirs with 400 invalid, on each list", async () => {
    const problems: string[] = [];
    for (const [path, token] of [
      ["/api/earnings", influencer],
      ["/api/earnings/payouts", influencer],
      ["/api/hires", brand],
    ] as const) {
      for (const cursor of CURSORS) {
        const response = await send("GET", `${path}?cursor=${cursor}`, token);
        // An empty cursor is no cursor (the first page); any other is a cursor this server never gave.
        if (cursor === "" && response.statusCode === 200) continue;
        const problem = refusalProblem(response);
        if (problem) problems.push(`${path}?cursor=${cursor}: ${problem}`);
        else expect(response.json().reason, `${path}?cursor=${cursor}`).toBe("invalid");
      }
    }
    expect(problems).toEqual([]);
  });

  it("answers the statements whatever the query, and refuses the other kind of account", async () => {
    for (const [path, token, other] of [
      ["/api/earnings/statement.csv", influencer, brand],
      ["/api/hires/statement.csv", brand, influencer],
    ] as const) {
      for (const query of ["", "?cursor=%ff", "?from=x&to=y", `?q=${"a".repeat(5_000)}`]) {
        const response = await send("GET", `${path}${query}`, token);
        expect(response.statusCode, `${path}${query}`).toBe(200);
        expect(response.headers["content-type"]).toContain("text/csv");
      }
      const refused = await send("GET", path, other);
      expect([refused.statusCode, refused.json()]).toEqual([403, { status: "error", reason: "forbidden" }]);
      const visitor = await send("GET", path, "");
      expect(visitor.statusCode).toBe(401);
    }
  });
});

describe("the test clock and sweeps, bad bodies", () => {
  it("refuses each bad jump with 400 invalid and moves nothing", async () => {
    const problems: string[] = [];
    for (const value of WRONG_VALUES) {
      // `{"reset": true}` is the one right value among them: a reset.
      const resets = value === true ? [] : [{ reset: value }];
      for (const body of [{ advanceMs: value }, ...resets, { advanceMs: 1_000, reset: value }]) {
        const response = await send("POST", "/api/test/clock", "", body, "127.0.0.1");
        const problem = refusalProblem(response);
        if (problem) problems.push(`${JSON.stringify(body).slice(0, 40)}: ${problem}`);
      }
    }
    for (const body of ["not json", [1], 42]) {
      const response = await send("POST", "/api/test/clock", "", body, "127.0.0.1");
      const problem = refusalProblem(response);
      if (problem) problems.push(`${JSON.stringify(body)}: ${problem}`);
    }
    expect(problems).toEqual([]);
    expect(clock.offsetMs()).toBe(0);
  });

  it("refuses a body on the sweeps with 400 invalid", async () => {
    for (const body of [{ only: "payouts" }, [1], "x", 1]) {
      const response = await send("POST", "/api/test/sweeps", "", body, "127.0.0.1");
      // Not an object: refused as every path refuses it, naming where (the body itself).
      expect([response.statusCode, response.json()], JSON.stringify(body)).toEqual([
        400,
        typeof body === "object" && !Array.isArray(body)
          ? { status: "error", reason: "invalid" }
          : { status: "error", reason: "invalid", issues: [{ path: [], message: "The body is not a JSON object." }] },
      ]);
    }
  });
});
