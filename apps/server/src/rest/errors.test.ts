import { RateLimited, ReasonError, trpcErrorOf } from "@market/api";
import { TRPCError } from "@trpc/server";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { toErrorAnswer } from "./errors";

function recordingLog() {
  const log = { error: vi.fn(), warn: vi.fn() };
  return { log, asLogger: log as unknown as FastifyBaseLogger };
}

describe("the REST answer of an error", () => {
  it("answers a service's refusal with its reason's status, its issues and its message kept out", () => {
    const { log, asLogger } = recordingLog();
    const issues = [{ path: ["cardOptions"], message: "Your card was declined." }];
    const declined = new ReasonError("payment_failed", "Your card was declined.", issues);
    const closed = new ReasonError("closed", "The deal's deadline has passed.");

    expect(toErrorAnswer(declined, asLogger)).toEqual({
      statusCode: 402,
      body: { status: "error", reason: "payment_failed", issues },
    });
    // Thrown through a tRPC caller, the refusal is the TRPCError's cause: the same answer.
    expect(toErrorAnswer(trpcErrorOf(closed), asLogger)).toEqual({
      statusCode: 409,
      body: { status: "error", reason: "closed" },
    });
    expect(log.error).not.toHaveBeenCalled();
  });

  it("answers a provider out of reach as 503 with its reason (try again later), logged as a warning", () => {
    const { log, asLogger } = recordingLog();
    const error = trpcErrorOf(new ReasonError("payment_unavailable"));

    expect(toErrorAnswer(error, asLogger)).toEqual({
      statusCode: 503,
      body: { status: "error", reason: "payment_unavailable" },
    });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("keeps any other 5xx a logged 500 generic, without its message", () => {
    const { log, asLogger } = recordingLog();
    const unexpected = new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "pool exhausted" });
    const internal = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new Error("relation does not exist") });
    const unnamed = new ReasonError("generic", "a message for the log only");

    for (const error of [unexpected, internal, unnamed]) {
      expect(toErrorAnswer(error, asLogger)).toEqual({ statusCode: 500, body: { status: "error", reason: "generic" } });
    }
    expect(log.error).toHaveBeenCalledTimes(3);
  });

  it("sends a rate limit's wait as Retry-After, in whole seconds rounded up", () => {
    const { asLogger } = recordingLog();
    const refusal = (ms: number) => trpcErrorOf(new RateLimited(ms));

    expect(toErrorAnswer(refusal(1500), asLogger)).toEqual({
      statusCode: 429,
      body: { status: "error", reason: "rate_limited" },
      headers: { "Retry-After": "2" },
    });
    expect(toErrorAnswer(refusal(1), asLogger).headers).toEqual({ "Retry-After": "1" });
    expect(toErrorAnswer(new RateLimited(2001), asLogger).headers).toEqual({ "Retry-After": "3" });
    expect(toErrorAnswer(new TRPCError({ code: "TOO_MANY_REQUESTS" }), asLogger)).toEqual({
      statusCode: 429,
      body: { status: "error", reason: "rate_limited" },
    });
  });
});
