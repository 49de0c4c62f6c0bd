import { describe, expect, it } from "vitest";
import { auditCsvHref, auditInputOf, auditSearchOf } from "./audit-query";

describe("the audit view's URL state", () => {
  it("keeps valid filters and drops invalid ones, so a hand-edited address never fails the screen", () => {
    expect(
      auditSearchOf({
        action: "refund",
        adminId: 12,
        userId: "abc",
        targetType: "Application!",
        targetId: "77",
        from: "2026-05-01",
        to: "2026-13-45",
        extra: "x",
      }),
    ).toEqual({ action: "refund", adminId: "12", targetId: "77", from: "2026-05-01" });
  });

  it("reads `to` as its whole UTC day and gives the CSV the same filters", () => {
    const search = { action: "refund", adminId: "3", from: "2026-05-01", to: "2026-05-02" };
    expect(auditInputOf(search)).toEqual({
      action: "refund",
      adminId: 3,
      userId: undefined,
      targetType: undefined,
      targetId: undefined,
      from: new Date("2026-05-01T00:00:00Z"),
      to: new Date("2026-05-03T00:00:00Z"),
    });
    expect(auditCsvHref(search)).toBe(
      "/admin/api/audit.csv?action=refund&adminId=3&from=2026-05-01T00%3A00%3A00.000Z&to=2026-05-03T00%3A00%3A00.000Z",
    );
    expect(auditCsvHref({})).toBe("/admin/api/audit.csv");
  });
});
