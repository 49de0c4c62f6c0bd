import { describe, expect, it } from "vitest";
import { z } from "zod";
import { brandContactInput, brandProfileInput, influencerProfileInput, signUpInput } from "./account";
import { campaignStepSchemas } from "./deals";
import { unlinkableNetworkTitle } from "./networks";
import { requestPayoutInput } from "./payouts";
import { isSingleLine, isSingleLineIssue, SINGLE_LINE_MESSAGE, singleLine } from "./text";

/** Every character a single line refuses: C0 (tab and line breaks among them), DEL, C1, U+2028 and U+2029. */
const REFUSED = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, offset) => 0x7f + offset),
  0x2028,
  0x2029,
].map((code) => String.fromCodePoint(code));

describe("isSingleLine", () => {
  it("accepts text of any script, spaces, signs and emoji", () => {
    for (const text of [
      "",
      "Summer launch",
      "Crème brûlée – 50 % off!",
      "東京 · Zürich",
      "🎉 New \u00a0drop",
      "a\u200db",
    ]) {
      expect(isSingleLine(text), text).toBe(true);
    }
  });

  it("refuses every control character and line separator, wherever it stands", () => {
    expect(REFUSED).toHaveLength(32 + 33 + 2);
    for (const character of REFUSED) {
      const name = `U+${character.codePointAt(0)?.toString(16).padStart(4, "0")}`;
      expect(isSingleLine(`Vitamin C serum${character}=cmd`), name).toBe(false);
      expect(isSingleLine(character), name).toBe(false);
    }
  });
});

describe("singleLine", () => {
  const title = singleLine(z.string().trim().min(1).max(20));

  it("refuses a line break within the text with its message, and keeps the schema's other rules", () => {
    const refused = title.safeParse("Serum\n=cmd|' /C calc'!A0");
    expect(refused.error?.issues.map((issue) => issue.code)).toEqual(["too_big", "custom"]);
    expect(refused.error?.issues[1]?.message).toBe(SINGLE_LINE_MESSAGE);
    expect(title.safeParse("Serum\u2028part 2").error?.issues.filter(isSingleLineIssue)).toHaveLength(1);
    expect(title.safeParse("").error?.issues.filter(isSingleLineIssue)).toEqual([]);
  });

  it("lets the trim take line breaks off the ends", () => {
    expect(title.parse("\r\n Serum \n")).toBe("Serum");
  });
});

describe("the single-line fields", () => {
  const BREAK = "a\nb";
  const fieldsRefusing = (result: z.ZodSafeParseResult<unknown>) =>
    (result.error?.issues ?? []).filter(isSingleLineIssue).map((issue) => issue.path.join("."));

  it("refuse a line break in a campaign's title, link and extras' texts", () => {
    const general = { title: BREAK, category: "beauty", price: "p1", deadline: new Date(), link: "https://a.com/a\nb" };
    expect(fieldsRefusing(campaignStepSchemas.general.safeParse(general))).toEqual(["title", "link"]);
    const extra = { extras: [], eDiscount: BREAK, eGiveaway: BREAK, eFree: BREAK };
    expect(fieldsRefusing(campaignStepSchemas.extra.safeParse(extra))).toEqual(["eDiscount", "eGiveaway", "eFree"]);
  });

  it("refuse one in a brand's name, an influencer's city and interests, contact details and a payout's owner", () => {
    const signup = { kind: "brand", username: "brand_1", email: "a@b.co", password: "secret123", brandName: BREAK };
    expect(fieldsRefusing(signUpInput.safeParse(signup))).toEqual(["brandName"]);
    expect(fieldsRefusing(brandProfileInput.safeParse({ brandName: BREAK, about: BREAK }))).toEqual(["brandName"]);
    const profile = {
      about: "Line one\nline two",
      category: null,
      city: BREAK,
      country: null,
      audience: { males: 50, ages: [18, 30], interests: ["ok", BREAK], country: null },
    };
    expect(fieldsRefusing(influencerProfileInput.safeParse(profile))).toEqual(["city", "audience.interests.1"]);
    const contact = { firstName: BREAK, address: BREAK, zipcode: BREAK, website: "https://a.com/\u0001" };
    expect(fieldsRefusing(brandContactInput.safeParse(contact))).toEqual([
      "firstName",
      "address",
      "zipcode",
      "website",
    ]);
    const payout = {
      method: "transferwise",
      email: "a@b.co",
      accountOwnerName: BREAK,
      amountInCents: 2_000,
      password: "x",
    };
    expect(fieldsRefusing(requestPayoutInput.safeParse(payout))).toEqual(["accountOwnerName"]);
  });

  it("refuse a control character left in a network's name once its spaces are removed", () => {
    expect(unlinkableNetworkTitle.parse(" My\nBlog ")).toBe("MyBlog");
    expect(fieldsRefusing(unlinkableNetworkTitle.safeParse("My\u0001Blog"))).toEqual([""]);
  });
});
