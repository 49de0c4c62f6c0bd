import type { Db } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { callerFor, createAdminUser, createBrand } from "../../testing";
import { reasonOf } from "../../trpc-errors";
import { ImpersonationRefused } from "./impersonation";

let db: Db;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** How auth.impersonate refused: the code and reason everyone sees, and the refusal only the server reads. */
async function refusalOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const refusal = error.cause instanceof ImpersonationRefused ? error.cause.refusal : null;
    return { code: error.code, reason: reasonOf(error), refusal };
  }
  throw new Error("the call succeeded");
}

const hidden = { code: "NOT_FOUND", reason: "not_found", refusal: null };

describe("auth.impersonate", () => {
  it("is the same plain not_found to a visitor and a non-admin, whatever the query", async () => {
    const brand = await createBrand(db);
    for (const caller of [await callerFor(db), await callerFor(db, { userId: brand.id })]) {
      for (const query of [{ u: "x" }, "nonsense", { u: "i", id: brand.id }, undefined]) {
        expect(await refusalOf(caller.auth.impersonate(query))).toEqual(hidden);
      }
    }
  });

  it("tells the server why an admin was refused, while answering the same not_found", async () => {
    const admin = await createAdminUser(db);
    const brand = await createBrand(db);
    const asAdmin = await callerFor(db, { userId: admin.id });
    expect(await refusalOf(asAdmin.auth.impersonate({ u: "x", id: 1 }))).toEqual({
      ...hidden,
      refusal: { kind: "bad_link" },
    });
    expect(await refusalOf(asAdmin.auth.impersonate({ u: "i", id: String(brand.id) }))).toEqual({
      ...hidden,
      refusal: { kind: "no_user", target: { u: "i", id: brand.id } },
    });
    const acting = await callerFor(db, { userId: brand.id, impersonatorId: admin.id });
    expect(await refusalOf(acting.auth.impersonate({ u: "b", id: brand.id }))).toEqual({
      ...hidden,
      refusal: { kind: "acting_as", username: brand.username },
    });
  });
});
