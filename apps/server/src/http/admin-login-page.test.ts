import { describe, expect, it } from "vitest";
import { backLinkOf, refusalText, renderAdminLoginPage } from "./admin-login-page";

const ORIGIN = "http://127.0.0.1:3000";
const CURRENT = "/admin/login?u=i&id=7";

describe("backLinkOf", () => {
  it("leads back to the page of this site the browser came from", () => {
    expect(backLinkOf(`${ORIGIN}/influencers/42?tab=networks`, ORIGIN, CURRENT)).toBe("/influencers/42?tab=networks");
  });

  it.each([
    ["no referer", undefined],
    ["another site", "https://elsewhere.example/influencers/42"],
    ["another port", "http://127.0.0.1:4000/find"],
    ["the refused link itself", `${ORIGIN}${CURRENT}`],
    ["a malformed referer", "not a url"],
    ["a path the browser reads as another site", `${ORIGIN}//elsewhere.example/find`],
    ["a backslash the URL turns into one", `${ORIGIN}/\\elsewhere.example/find`],
  ])("has no back link for %s", (_label, referer) => {
    expect(backLinkOf(referer, ORIGIN, CURRENT)).toBeNull();
  });

  it("compares origins as URLs write them, and survives a Host header no URL can hold", () => {
    expect(backLinkOf("http://localhost/find", "http://localhost:80", CURRENT)).toBe("/find");
    expect(backLinkOf("http://localhost/find", "http://a b", CURRENT)).toBeNull();
  });
});

describe("refusalText", () => {
  it("tells an admin which user was not found, and the other kind to try", () => {
    expect(refusalText({ kind: "no_user", target: { u: "b", id: 999 } })).toEqual({
      title: "User not found",
      text:
        "No brand has the id 999, so there is no one to act as. The id may be wrong, belong to an influencer (u=i), " +
        "or belong to an admin, whom no one can act as.",
    });
  });

  it("says nothing of the feature to anyone else", () => {
    expect(refusalText(null)).toEqual({ title: "Page not found", text: "There is nothing at this address." });
  });
});

describe("renderAdminLoginPage", () => {
  it("escapes what it shows and links home, and back when there is a way back", () => {
    const html = renderAdminLoginPage(refusalText({ kind: "acting_as", username: `<b>"x"&'y'</b>` }), `/a?b="c"`);
    expect(html).toContain("You are using the account of &lt;b&gt;&quot;x&quot;&amp;&#39;y&#39;&lt;/b&gt;.");
    expect(html).not.toContain("<b>");
    expect(html).toContain(`<a href="/a?b=&quot;c&quot;">Back to the previous page</a>`);
    expect(html).toContain(`<a href="/">Go to the home page</a>`);
    expect(renderAdminLoginPage(refusalText(null), null)).not.toContain("Back to the previous page");
  });
});
