import { createSession, fixedClock } from "@market/api";
import { createBrand, createInfluencer } from "@market/api/testing";
import { eq, helpRequests } from "@market/db";
import { describe, expect, it } from "vitest";
import { post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-05-15T12:00:00Z"));
const mailed: { to: string; subject: string; text: string }[] = [];

const server = useTestApp({
  clock,
  mailer: { queue: async (_db, mail) => mailed.push(mail) },
  supportEmail: "support@market.test",
});

const sessionOf = async (userId: number) => (await createSession(server.db, clock, userId)).token;
const questionsOf = (userId: number) =>
  server.db.select({ text: helpRequests.text }).from(helpRequests).where(eq(helpRequests.userId, userId));

describe("POST /api/help", () => {
  it("stores the trimmed question, mails it to the support mailbox and answers success", async () => {
    const influencer = await createInfluencer(server.db, { username: "resthelp" });
    const response = await post(
      server.app,
      "/api/help",
      { text: "\n  When do I get paid?  " },
      { token: await sessionOf(influencer.id) },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", data: null });
    expect(await questionsOf(influencer.id)).toEqual([{ text: "When do I get paid?" }]);
    expect(mailed.at(-1)).toMatchObject({
      to: "support@market.test",
      subject: expect.stringContaining("from resthelp (influencer)"),
      text: expect.stringContaining("When do I get paid?"),
    });
  });

  it("answers 400 invalid with the text issue for an empty, blank, missing or too long question", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const sent = mailed.length;
    for (const body of [{ text: "" }, { text: "   \t" }, {}, { text: 42 }, { text: "x".repeat(5001) }]) {
      const response = await post(server.app, "/api/help", body, { token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: "error", reason: "invalid", issues: [{ path: ["text"] }] });
    }
    expect(await questionsOf(brand.id)).toEqual([]);
    expect(mailed).toHaveLength(sent);
  });

  it("answers 401 unauthorized to a visitor", async () => {
    const response = await post(server.app, "/api/help", { text: "Hello?" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: "error", reason: "unauthorized" });
  });
});
