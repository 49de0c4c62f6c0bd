import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { mswServer } from "./msw";

describe("third-party HTTP in integration tests", () => {
  it("is answered by the msw handlers a test installs", async () => {
    mswServer.use(http.get("https://api.stripe.com/v1/balance", () => HttpResponse.json({ object: "balance" })));
    const response = await fetch("https://api.stripe.com/v1/balance");
    expect(await response.json()).toEqual({ object: "balance" });
  });

  it("forgets a test's handlers after it, so the next test cannot lean on them", async () => {
    expect(mswServer.listHandlers()).toHaveLength(0);
  });
});
