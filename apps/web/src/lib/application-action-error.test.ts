import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { actionErrorKey } from "./application-action-error";

const refused = (reason: string) =>
  Object.assign(new TRPCClientError("refused"), { data: { reason } }) as TRPCClientError<never>;

describe("application action error", () => {
  it("shows a server reason's own message", () => {
    expect(actionErrorKey(refused("chat_disabled"), "APPLICATION.CHAT_SEND_ERROR")).toBe("APPLICATION.CHAT_DISABLED");
    expect(actionErrorKey(refused("rate_limited"), "APPLICATION.ARBITRATION_ERROR")).toBe("GLOBAL.RATE_LIMITED");
    expect(actionErrorKey(refused("conflict"), "GLOBAL.GENERIC_ERROR")).toBe("GLOBAL.CONFLICT");
  });

  it("says the application moved on or the proposal expired, not the deal's deadline or expiry", () => {
    expect(actionErrorKey(refused("closed"), "GLOBAL.GENERIC_ERROR")).toBe("APPLICATION.ERROR_CLOSED");
    expect(actionErrorKey(refused("expired"), "PROPOSAL_MODAL.CHANGE_ERROR")).toBe("APPLICATION.ERROR_EXPIRED");
    expect(actionErrorKey(refused("not_allowed_yet"), "WORK_DONE_MODAL.ERROR")).toBe("APPLICATION.ERROR_NOT_YET");
  });

  it("shows the action's failure message when there is no reason", () => {
    expect(actionErrorKey(new Error("offline"), "APPLICATION.CHAT_SEND_ERROR")).toBe("APPLICATION.CHAT_SEND_ERROR");
  });
});
