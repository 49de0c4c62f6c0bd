import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { actionErrorKey } from "./action-error";

const refused = (reason: string) =>
  Object.assign(new TRPCClientError("refused"), { data: { reason } }) as TRPCClientError<never>;

describe("action error", () => {
  it("shows a server reason's own message", () => {
    expect(actionErrorKey(refused("chat_disabled"), "APPLICATION.CHAT_SEND_ERROR")).toBe("APPLICATION.CHAT_DISABLED");
    expect(actionErrorKey(refused("rate_limited"), "APPLICATION.ARBITRATION_ERROR")).toBe("GLOBAL.RATE_LIMITED");
    expect(actionErrorKey(refused("closed"), "APPLICATION.ARBITRATION_ERROR")).toBe("DEAL.ERROR_CLOSED");
  });

  it("shows the action's failure message when there is no reason", () => {
    expect(actionErrorKey(new Error("offline"), "APPLICATION.CHAT_SEND_ERROR")).toBe("APPLICATION.CHAT_SEND_ERROR");
  });
});
