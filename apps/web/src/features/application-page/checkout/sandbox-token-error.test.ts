import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { ProviderError } from "./checkout-flow";
import { sandboxTokenError } from "./sandbox-token-error";

const refused = (reason: string, issues?: { path: string[]; message: string }[]) =>
  Object.assign(new TRPCClientError(reason), { data: { reason, issues } }) as TRPCClientError<never>;

describe("sandbox token error", () => {
  it("gives Stripe's message of a refused card as the provider's", () => {
    const error = sandboxTokenError(
      refused("invalid", [{ path: ["expYear"], message: "Your card's expiration year is in the past." }]),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).providerMessage).toBe("Your card's expiration year is in the past.");
  });

  it("leaves any other failure as it is", () => {
    const limited = refused("rate_limited");
    expect(sandboxTokenError(limited)).toBe(limited);
    const bare = refused("invalid");
    expect(sandboxTokenError(bare)).toBe(bare);
    const offline = new Error("Failed to fetch");
    expect(sandboxTokenError(offline)).toBe(offline);
  });
});
