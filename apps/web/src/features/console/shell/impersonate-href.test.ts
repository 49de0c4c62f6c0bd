import { describe, expect, it } from "vitest";
import { impersonateHref } from "./impersonate-href";

describe("impersonateHref", () => {
  it("names the user, and the page to land on", () => {
    expect(impersonateHref("brand", 5, "/campaigns/12")).toBe("/admin/login?u=b&id=5&next=%2Fcampaigns%2F12");
    expect(impersonateHref("influencer", 9, "/proposals/3")).toBe("/admin/login?u=i&id=9&next=%2Fproposals%2F3");
  });

  it("leaves out a page the server would not follow, so the admin lands on the user's home", () => {
    expect(impersonateHref("influencer", 9)).toBe("/admin/login?u=i&id=9");
    expect(impersonateHref("influencer", 9, "/campaigns/12")).toBe("/admin/login?u=i&id=9");
    expect(impersonateHref("brand", 5, "//evil.example")).toBe("/admin/login?u=b&id=5");
    expect(impersonateHref("brand", 5, "/admin/users/5")).toBe("/admin/login?u=b&id=5");
  });
});
