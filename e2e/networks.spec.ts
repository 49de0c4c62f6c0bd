import { DAY_MS } from "@market/contracts";
import type { Page } from "@playwright/test";
import { expect, type TestUser, test } from "./support/users";

/**
 * Issue 15 on the built-in sandboxes (no provider configured): a new influencer, led from a deal's proposal modal
 * to the networks tab, links YouTube through the sandbox consent page (meeting the followers error first), verifies
 * Instagram with a code put in a sandbox bio, adds a blog, resolves a conflict, then goes back and sends the
 * proposal. The sandbox accounts are shared by the whole run: only this spec links them.
 */

interface Envelope<T> {
  status: string;
  data: T;
}

/** An open campaign asking for YouTube and Instagram. */
async function createDeal(brand: TestUser, title: string): Promise<number> {
  const created = await brand.api.post("/api/campaigns", {
    data: {
      networks: ["youtube", "instagram"],
      title,
      category: "lifestyle",
      price: "p250_500",
      deadline: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      link: "https://example.com/luggage",
      images: [],
      aAbout: "Travellers who film their trips",
      aCountries: ["all"],
      aLanguages: ["en"],
      description: "Take our new carry-on on your next trip and show it in a video.",
    },
  });
  const body = (await created.json()) as Envelope<{ id: number }>;
  expect(body.status).toBe("success");
  return body.data.id;
}

/** Follows a sandbox OAuth flow: the link of the networks tab, then one sample account of the consent page. */
async function linkThroughConsentPage(page: Page, network: "youtube" | "twitter", sample: string | RegExp) {
  await page.getByTestId(`link-${network}`).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("sandbox");
  await page.getByRole("list", { name: "Sample accounts" }).getByRole("link", { name: sample }).click();
  await expect(page).toHaveURL(/\/account\?/);
}

const rows = (page: Page) => page.getByTestId("own-network");

test("a new influencer links networks on the sandboxes, then sends the proposal they came for", async ({
  page,
  context,
  brand,
  users,
}) => {
  test.setTimeout(90_000);
  const title = `Carry-on trip ${Date.now()}`;
  const dealId = await createDeal(brand, title);
  const influencer = await users.create("influencer");
  await influencer.signIn(page);

  // The proposal modal has nothing to price: it leads to the networks tab, remembering the deal.
  await page.goto(`/deals/${dealId}`);
  await page.getByRole("button", { name: "Send a proposal" }).click();
  const modal = page.getByRole("dialog", { name: /Send a proposal/ });
  await expect(modal.getByTestId("proposal-no-network")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/proposal-no-network.png" });
  await modal.getByRole("link", { name: "Link a network" }).click();
  await expect(page).toHaveURL(new RegExp(`/account\\?p=networks&next=%2Fdeals%2F${dealId}$`));
  const back = page.getByTestId("return-panel");
  await expect(back).toContainText(`To send a proposal to “${title}”`);
  await expect(page.getByTestId("networks-empty")).toBeVisible();

  // The small channel: spec section 8's followers message, cleared from the address, the deal kept.
  await linkThroughConsentPage(page, "youtube", /Backyard Birds/);
  await expect(page.getByRole("alert")).toHaveText(/This account needs more than 2,000 followers to be linked\./);
  await expect(page).not.toHaveURL(/error=/);
  await expect(page).toHaveURL(/next=%2Fdeals%2F/);
  await expect(rows(page)).toHaveCount(0);

  // The real channel links.
  await linkThroughConsentPage(page, "youtube", /Jordan Lee Kitchen/);
  await expect(page.getByTestId("link-outcome")).toHaveText(/Your YouTube account is linked\./);
  await expect(page).not.toHaveURL(/linked=/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Jordan Lee Kitchen");
  await expect(rows(page).first().getByTestId("network-status")).toHaveText(/Verified/);
  await expect(back).toContainText("can now be used");
  await page.screenshot({ path: "test-results/screenshots/networks-linked.png", fullPage: true });

  // Instagram: a code for the bio, with its countdown; the sandbox's bios page stands in for Instagram.
  await page.getByRole("button", { name: "Verify with a code" }).click();
  const instagram = page.getByRole("dialog", { name: "Verify your Instagram account" });
  await instagram.getByRole("button", { name: "Get my code" }).click();
  await expect(instagram.getByText("Enter your Instagram username.")).toBeVisible();
  await instagram.getByLabel("Instagram username").fill("@Jordan.Lee.Eats");
  await instagram.getByRole("button", { name: "Get my code" }).click();
  const code = (await instagram.getByTestId("bio-code").textContent())?.trim() ?? "";
  expect(code).not.toBe("");
  await expect(instagram.getByTestId("bio-code-countdown")).toHaveText(/^[45]:\d\d$/);
  await page.screenshot({ path: "test-results/screenshots/networks-instagram-code.png" });

  const bios = await context.newPage();
  await bios.goto("/auth/sandbox/instagram");
  const profile = bios.getByRole("region", { name: /jordan\.lee\.eats/ });
  await profile.getByLabel("Bio").fill(`Food and travel. ${code}`);
  await profile.getByRole("button", { name: "Save bio" }).click();
  await expect(bios.getByText(/saved/i).first()).toBeVisible();
  await bios.close();

  await instagram.getByRole("link", { name: "Verify" }).click();
  await expect(page.getByTestId("link-outcome")).toHaveText(/Your Instagram account is linked\./);
  await expect(rows(page)).toHaveCount(2);

  // A blog, by name: spaces removed before sending; a second one is refused.
  await page.getByRole("button", { name: "Add a network" }).click();
  const add = page.getByRole("dialog", { name: "Add a network" });
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(add.getByText("Choose a network.")).toBeVisible();
  await expect(add.getByText("Enter the network's name.")).toBeVisible();
  await add.getByLabel("Network").selectOption("blog");
  await add.getByLabel("Name").fill(" My Travel Blog ");
  await expect(add.getByTestId("saved-title")).toHaveText("Saved as: MyTravelBlog");
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Your Blog network “MyTravelBlog” is added.", { exact: true })).toBeVisible();
  await expect(add).toHaveCount(0);
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Add a network" }).click();
  await add.getByLabel("Network").selectOption("blog");
  await add.getByLabel("Name").fill("another");
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(add.getByText(/You already have a Blog network \(“MyTravelBlog”\)\. Remove it first/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(add).toHaveCount(0);

  // A Twitter account another influencer linked: marked, then kept through the conflict choice.
  await linkThroughConsentPage(page, "twitter", /@lena_wanders/);
  const conflict = page.getByTestId("conflict-notice");
  await expect(conflict).toContainText("also linked by another user");
  await expect(rows(page).filter({ hasText: "@lena_wanders" }).getByTestId("network-status")).toHaveText(/Conflict/);
  await conflict.getByRole("button", { name: "Resolve the Twitter conflict" }).click();
  const choice = page.getByRole("dialog", { name: "Choose your Twitter account" });
  await expect(choice.getByRole("radio", { name: /@lena_wanders/ })).toBeChecked();
  await choice.getByRole("button", { name: "Keep this account" }).click();
  await expect(page.getByText("You kept your Twitter account “@lena_wanders”.", { exact: true })).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await page.screenshot({ path: "test-results/screenshots/networks-all.png", fullPage: true });

  // Refresh and remove, each asking first.
  const blog = rows(page).filter({ hasText: "MyTravelBlog" });
  await expect(blog.getByRole("button", { name: /Refresh/ })).toHaveCount(0);
  await blog.getByRole("button", { name: "Remove Blog “MyTravelBlog”" }).click();
  const remove = page.getByRole("dialog", { name: "Remove network" });
  await expect(remove).toContainText("Proposals you already sent keep their figures.");
  await remove.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(rows(page)).toHaveCount(3);
  await rows(page)
    .filter({ hasText: "Jordan Lee Kitchen" })
    .getByRole("button", { name: "Refresh YouTube “Jordan Lee Kitchen”" })
    .click();
  const refresh = page.getByRole("dialog", { name: "Refresh network" });
  await refresh.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(refresh.getByRole("status")).toHaveText(/Statistics updated/);
  await expect(refresh.getByTestId("refreshed-statistics")).toContainText("126,500");
  await refresh.getByRole("button", { name: "Close", exact: true }).first().click();

  // The own profile, as brands see it, with the owner's actions.
  await page.getByRole("banner").getByRole("link", { name: "Profile", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(influencer.username);
  await expect(page.getByTestId("profile-network")).toHaveCount(3);
  await expect(page.getByRole("columnheader", { name: "Actions" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/own-profile.png", fullPage: true });

  // Back to the deal, and the proposal goes out.
  await page.goto(`/account?p=networks&next=%2Fdeals%2F${dealId}`);
  await expect(back).toContainText("can now be used");
  await back.getByRole("link", { name: "Back to the deal" }).click();
  await expect(page).toHaveURL(new RegExp(`/deals/${dealId}$`));
  await page.getByRole("button", { name: "Send a proposal" }).click();
  await modal.getByLabel("Message to the brand").fill("I film every trip I take.");
  await modal.getByLabel("Price for YouTube").fill("400");
  await modal.getByLabel("Days to create for YouTube").fill("7");
  await modal.getByRole("button", { name: "Send proposal" }).click();
  await expect(page.getByText("Your proposal has been sent.", { exact: true })).toBeVisible();
});
