import { API_KEY_SCOPES } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { keyRefusal, PROCEDURE_SCOPES, procedureScope } from "./procedure-scopes";
import { appRouter } from "./root";

type ProcedureType = "query" | "mutation" | "subscription";
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: ProcedureType } }> } })
  ._def.procedures;
const CONSOLE = /^admin\./;

describe("every procedure's scope for API keys (procedure-scopes.ts)", () => {
  it("names an area or `session` for every procedure but the console's, and nothing else", () => {
    const paths = Object.keys(procedures);
    expect(paths.filter((path) => !CONSOLE.test(path) && !Object.hasOwn(PROCEDURE_SCOPES, path))).toEqual([]);
    expect(Object.keys(PROCEDURE_SCOPES).filter((path) => !Object.hasOwn(procedures, path))).toEqual([]);
  });

  it("never lets a key's read scope through a mutation", () => {
    const writesAsReads = Object.entries(PROCEDURE_SCOPES).filter(
      ([path, scope]) => scope !== "session" && procedures[path]?._def.type === "mutation" && scope[1] === "read",
    );
    expect(writesAsReads).toEqual([]);
  });

  it("keeps key management, signing in and out, impersonation and the console to sessions", () => {
    for (const path of [
      "keys.list",
      "keys.create",
      "keys.revoke",
      "keys.roll",
      "auth.login",
      "auth.signUp",
      "auth.logout",
      "auth.requestPasswordReset",
      "auth.resetPassword",
      "auth.impersonate",
      "auth.stopImpersonating",
      "earnings.retryPayout",
      ...Object.keys(procedures).filter((path) => CONSOLE.test(path)),
    ]) {
      expect(procedureScope(path), path).toBe("session");
    }
    // A path the table does not know is a session's too: a forgotten row opens nothing.
    expect(procedureScope("nothing.here")).toBe("session");
  });

  it("refuses a key without the scope, naming it, and lets one with it through", () => {
    expect(keyRefusal(["applications:read"], ["applications", "read"], "applications.list")).toBeNull();
    const refusal = keyRefusal(["applications:read"], ["applications", "write"], "chat.send");
    expect(refusal?.reason).toBe("scope");
    expect(refusal?.message).toContain("applications:write");
    expect(keyRefusal([...API_KEY_SCOPES], "session", "keys.create")?.reason).toBe("session_required");
  });
});
