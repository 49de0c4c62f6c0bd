import { eq, rowsOf, sql, users } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { AdminInputError, createAdmin } from "./create-admin";
import { verifyPassword } from "./password";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();

describe("createAdmin (npm run admin:create)", () => {
  it("creates a brand account flagged is_admin, with a brand profile and no onboarding", async () => {
    const admin = await createAdmin(testDb.db, clock, {
      username: "opsadmin",
      email: "Ops@Market.Example",
      password: "Tr0ub4dor&3-horse",
    });
    expect(admin).toMatchObject({ username: "opsadmin", email: "ops@market.example" });
    const [user] = await testDb.db.select().from(users).where(eq(users.id, admin.id));
    expect(user).toMatchObject({ kind: "brand", isAdmin: true, hasSeenOnboarding: true, createdAt: clock.now() });
    expect(await verifyPassword(user?.passwordHash ?? "", "Tr0ub4dor&3-horse")).toBe(true);
    const profiles = rowsOf(
      await testDb.db.execute(sql`select brand_name from brand_profiles where user_id = ${admin.id}`),
    );
    expect(profiles).toEqual([{ brand_name: "Administration" }]);
  });

  it.each([
    ["a short password", { password: "Short-pw-1" }, /password: at least 12/],
    ["a password of few distinct characters", { password: "aaaaaaaaaaaabbbb" }, /too few different/],
    ["a password containing the username", { password: "xx-rootadmin-2026!" }, /username or the email/],
    ["a password containing the email's name", { password: "Secret-rootmail-77" }, /username or the email/],
    ["a bad username", { username: "no spaces allowed" }, /username/],
    ["a bad email", { email: "not-an-email" }, /email/],
  ])("refuses %s", async (_label, change, message) => {
    const input = { username: "rootadmin", email: "rootmail@market.example", password: "Correct-Horse-42", ...change };
    const attempt = createAdmin(testDb.db, clock, input);
    await expect(attempt).rejects.toBeInstanceOf(AdminInputError);
    await expect(attempt).rejects.toThrow(message);
    expect(await testDb.db.select().from(users).where(eq(users.username, input.username))).toEqual([]);
  });

  it("refuses a username or email already in use, in any letter case", async () => {
    await createAdmin(testDb.db, clock, {
      username: "twice",
      email: "twice@market.example",
      password: "Sup3r-Long-Pass",
    });
    const again = createAdmin(testDb.db, clock, {
      username: "TWICE",
      email: "other@market.example",
      password: "Sup3r-Long-Pass",
    });
    await expect(again).rejects.toMatchObject({ reason: "username_taken" });
  });
});
