import { describe, expect, it, vi } from "vitest";
import { createRest, readEnvelope } from "./rest";

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));

function setup(respond: () => Promise<Response>) {
  const fetch = vi.fn((_input: string, _init: RequestInit) => respond());
  const reload = vi.fn();
  return { fetch, reload, rest: createRest({ fetch, reload }) };
}

describe("readEnvelope", () => {
  it("reads a success and its data", () => {
    expect(readEnvelope({ status: "success", data: { id: 7 } })).toEqual({ status: "success", data: { id: 7 } });
  });

  it("reads an error and its reason", () => {
    expect(readEnvelope({ status: "error", reason: "paused" })).toEqual({ status: "error", reason: "paused" });
  });

  it("reads the field issues of an error, dropping malformed ones", () => {
    const taken = { path: ["username"], message: "This username is already taken." };
    expect(
      readEnvelope({
        status: "error",
        reason: "username_taken",
        issues: [taken, { path: "email" }, { path: [{}], message: "x" }, null, { path: ["email", 0], message: "m" }],
      }),
    ).toEqual({ status: "error", reason: "username_taken", issues: [taken, { path: ["email", 0], message: "m" }] });
  });

  it("turns a reason it does not know into generic", () => {
    expect(readEnvelope({ status: "error", reason: "martian" })).toEqual({ status: "error", reason: "generic" });
  });

  it.each([[{ data: 1 }], [null], ["<html>"], [undefined], [[1, 2]]])("has nothing to read in %j", (body) => {
    expect(readEnvelope(body)).toBeNull();
  });
});

describe("rest", () => {
  it("returns the envelope without reloading", async () => {
    const { rest, reload } = setup(() => answer({ status: "success", data: [1] }));
    await expect(rest.get("/api/deals")).resolves.toEqual({ status: "success", data: [1] });
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads the page when an answer has no status field (spec section 7)", async () => {
    const { rest, reload } = setup(() => answer({ data: [1] }));
    const result = await rest.get("/api/deals");
    expect(reload).toHaveBeenCalledOnce();
    expect(result.status).toBe("error");
  });

  it("says in how many seconds a rate limit lets the call through again, when the answer says", async () => {
    const refusal = (retryAfter: string) => () =>
      Promise.resolve(
        new Response(JSON.stringify({ status: "error", reason: "rate_limited" }), {
          status: 429,
          headers: { "Retry-After": retryAfter },
        }),
      );
    await expect(setup(refusal("120")).rest.post("/api/login")).resolves.toEqual({
      status: "error",
      reason: "rate_limited",
      retryAfterSeconds: 120,
    });
    // An HTTP date or anything else is no number of seconds.
    for (const header of ["Wed, 21 Oct 2026 07:28:00 GMT", "0", "-5", "1.5"]) {
      await expect(setup(refusal(header)).rest.post("/api/login")).resolves.toEqual({
        status: "error",
        reason: "rate_limited",
      });
    }
  });

  it("reloads the page when the answer is not JSON at all", async () => {
    const { rest, reload } = setup(() => Promise.resolve(new Response("<h1>Bad gateway</h1>", { status: 502 })));
    await rest.post("/api/logout");
    expect(reload).toHaveBeenCalledOnce();
  });

  it("reports a network failure as a generic error, without reloading", async () => {
    const { rest, reload } = setup(() => Promise.reject(new TypeError("offline")));
    await expect(rest.post("/api/help", { text: "hi" })).resolves.toEqual({ status: "error", reason: "generic" });
    expect(reload).not.toHaveBeenCalled();
  });

  it("asks for no cache on GET", async () => {
    const { rest, fetch } = setup(() => answer({ status: "success", data: null }));
    await rest.get("/api/balance");
    expect(fetch.mock.calls[0]?.[1].headers).toMatchObject({ "Cache-Control": "no-cache", Pragma: "no-cache" });
  });

  it("posts JSON, and FormData as it is", async () => {
    const { rest, fetch } = setup(() => answer({ status: "success", data: null }));
    await rest.post("/api/help", { text: "hi" });
    const form = new FormData();
    await rest.post("/api/picture", form);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: "POST", body: '{"text":"hi"}' });
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ method: "POST", body: form });
    expect(fetch.mock.calls[1]?.[1].headers).toBeUndefined();
  });
});
