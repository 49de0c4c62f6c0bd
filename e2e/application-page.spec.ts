import { MAX_UPLOAD_BYTES } from "@market/contracts";
import type { Page } from "@playwright/test";
import { brandWithCampaign, campaignOf, propose } from "./support/checkout-steps";
import type { Envelope } from "./support/envelope";
import { tinyPng } from "./support/png";
import { expect, test } from "./support/users";

/** The proposal's text, the chat's first message. */
const PROPOSAL_TEXT = "I review make-up every week.";

const messages = (page: Page) => page.getByTestId("chat-message");

test("the brand reads a proposal and writes; the influencer updates it, chats with a file and asks for help", async ({
  page,
  users,
  influencer,
}) => {
  const brand = await brandWithCampaign(users, "Lipstick launch");
  const campaign = campaignOf(brand);
  const id = await propose(influencer, campaign.id, { text: PROPOSAL_TEXT });

  // The brand's page: banner, proposal, totals with its fee, the hire table with its accept button, the link.
  await brand.signIn(page);
  await page.goto(`/campaigns/${campaign.id}/applications`);
  await page.getByRole("link", { name: influencer.username }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Application of ${influencer.username}` })).toBeVisible();
  await expect(page.getByTestId("application-status")).toContainText("Waiting for your answer");
  await expect(page.getByTestId("proposal-text")).toHaveText(PROPOSAL_TEXT);
  await expect(page.getByTestId("proposal-price")).toHaveCount(2);
  await expect(page.getByTestId("proposal-price").first()).toContainText("Instagram");
  await expect(page.getByTestId("proposal-price").first()).toContainText("$100.00");
  await expect(page.getByTestId("proposal-price").first()).toContainText("3 days");
  await expect(page.getByTestId("total-price")).toHaveText("$400.00");
  await expect(page.getByTestId("total-viewer")).toHaveText("$440.00");
  await expect(page.getByTestId("hire-total")).toHaveText("$440.00");
  await expect(page.getByRole("button", { name: "Accept and hire" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Hire on YouTube" }).uncheck();
  await expect(page.getByTestId("hire-total")).toHaveText("$110.00");
  await expect(page.getByTestId("hire-fee")).toHaveText("$10.00");
  // Accept shows only while the ticked total is above zero.
  await page.getByRole("checkbox", { name: "Hire on Instagram" }).uncheck();
  await expect(page.getByRole("button", { name: "Accept and hire" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Hire on Instagram" }).check();
  // The profile opened from here leads back here, not to the search.
  await page.getByTestId("influencer-link").click();
  await expect(page).toHaveURL(new RegExp(`/influencers/${influencer.id}\\?application=${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: influencer.username })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the search" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the application" }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${id}$`));
  // The proposal's text opens the chat.
  await expect(messages(page)).toHaveCount(1);
  await page.getByLabel("Your message").fill("Could you do Instagram for $90?");
  await page.getByLabel("Your message").press("Enter");
  await expect(messages(page).last()).toContainText("Could you do Instagram for $90?");
  await expect(messages(page).last()).toContainText("You");

  // Request changes (the proposal modal's change mode): unchanged lines are refused, a lower price goes out.
  await page.getByRole("button", { name: "Request changes" }).click();
  const changes = page.getByRole("dialog", { name: /Request changes/ });
  await expect(changes.getByLabel("Price for Instagram")).toHaveValue("100");
  await changes.getByRole("button", { name: "Request changes" }).click();
  await expect(changes.getByTestId("change-error")).toHaveText("Please change something.");
  await changes.getByLabel("Price for Instagram").fill("90");
  await changes.getByRole("button", { name: "Request changes" }).click();
  await expect(page.getByText("Your change request was sent.", { exact: true })).toBeVisible();
  await expect(changes).toBeHidden();
  await expect(messages(page).last()).toContainText("The brand asks for changes:");
  await expect(messages(page).last()).toContainText("Instagram: $90.00");

  // The influencer's page, reached from the deal: the fee taken from the price, the brand's messages, an update.
  await influencer.signIn(page);
  await page.goto(`/deals/${campaign.id}`);
  await page.getByRole("link", { name: "Open your proposal and the messages" }).click();
  await expect(page).toHaveURL(new RegExp(`/proposals/${id}$`));
  await expect(page.getByTestId("application-status")).toContainText("Waiting for the brand's answer");
  await expect(page.getByTestId("total-viewer")).toHaveText("$360.00");
  // The brand is named by its company name (the fixture's "Brand <username>"), not its username alone.
  await expect(messages(page).filter({ hasText: "Could you do Instagram for $90?" })).toContainText(
    `Brand ${brand.username}`,
  );
  await expect(messages(page).last()).toContainText("The brand asks for changes:");
  await expect(messages(page).last()).toContainText("Instagram: $90.00");
  await page.getByRole("button", { name: "Update my proposal" }).click();
  const update = page.getByRole("dialog", { name: /Update your proposal/ });
  await update.getByLabel("Price for Instagram").fill("90");
  await update.getByRole("button", { name: "Update proposal" }).click();
  await expect(page.getByText("Your proposal has been updated.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("proposal-price").first()).toContainText("$90.00");
  await expect(messages(page).last()).toContainText("The proposal was updated:");
  await expect(messages(page).last()).toContainText("Instagram: $100.00, 3 days → $90.00, 3 days");

  // Files: a brief goes out; a script is refused by the server, a file of 4 MiB by the page.
  const attach = page.getByLabel("Attach a file");
  await attach.setInputFiles({
    name: "brief.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Two posts, one story."),
  });
  await expect(messages(page).last()).toContainText("Download brief.txt (21 B)");
  // An image shows as a thumbnail that opens the full image in a new tab; its download link stays below it.
  await attach.setInputFiles({ name: "look.png", mimeType: "image/png", buffer: tinyPng([16, 185, 129]) });
  const photo = messages(page).last();
  await expect(photo.getByRole("link", { name: /^Download look\.png/ })).toBeVisible();
  const thumbnail = photo.getByRole("img", { name: "look.png" });
  await expect
    .poll(() => thumbnail.evaluate((image: { naturalWidth: number }) => image.naturalWidth))
    .toBeGreaterThan(0);
  const src = (await thumbnail.getAttribute("src")) ?? "";
  const open = photo.getByRole("link", { name: "look.png (opens in a new tab)" });
  await expect(open).toHaveAttribute("href", src);
  const [tab] = await Promise.all([page.context().waitForEvent("page"), open.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(new URL(src, page.url()).href);
  expect(await tab.evaluate("document.contentType")).toBe("image/png");
  await tab.close();
  await attach.setInputFiles({ name: "setup.sh", mimeType: "text/plain", buffer: Buffer.from("#!/bin/sh\necho hi\n") });
  await expect(page.getByTestId("chat-error")).toHaveText("This type of file is not allowed.");
  await attach.setInputFiles({
    name: "video.mp4",
    mimeType: "video/mp4",
    buffer: Buffer.alloc(MAX_UPLOAD_BYTES, 1),
  });
  await expect(page.getByTestId("chat-error")).toHaveText("This file is too big.");
  // An empty message is not sent.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("chat-error")).toHaveText("Write a message.");

  // The brand downloads the file.
  await brand.signIn(page);
  await page.goto(`/applications/${id}`);
  const download = page.waitForEvent("download");
  await messages(page).filter({ hasText: "brief.txt" }).getByRole("link").click();
  expect((await download).suggestedFilename()).toBe("brief.txt");

  // Arbitration from the query parameter: the text is required, then the request shows in the chat.
  await page.goto(`/applications/${id}?arbitration`);
  const help = page.getByRole("dialog", { name: "Ask the platform for help" });
  await help.getByRole("button", { name: "Send" }).click();
  await expect(help.getByText("Tell us what went wrong.")).toBeVisible();
  await help.getByLabel("What happened?").fill("The influencer stopped answering.");
  await help.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your request was sent to our team.", { exact: true })).toBeVisible();
  await expect(help).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/applications/${id}$`));
  await expect(messages(page).last()).toContainText(`Brand ${brand.username} asked the platform to arbitrate.`);
  await page.screenshot({ path: "test-results/screenshots/application-page.png", fullPage: true });

  // The other party, whichever asked, is told (the lifecycle table's otherParty): the influencer's bell says so.
  await influencer.signIn(page);
  await page.goto("/deals");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(
    page.getByRole("menu").getByText(`Brand ${brand.username} asked the platform to arbitrate`),
  ).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/arbitration-bell.png" });
});

test("the chat opens on its newest messages and loads older ones; others are told it does not exist", async ({
  page,
  users,
  influencer,
}) => {
  const brand = await brandWithCampaign(users, "Mascara launch");
  const id = await propose(influencer, campaignOf(brand).id, { text: PROPOSAL_TEXT });
  // With the proposal's text, 36 messages: a page of 30 and 6 older.
  for (let n = 1; n <= 35; n += 1) {
    const sent = await brand.api.post(`/api/applications/${id}/messages`, { data: { text: `Note ${n}` } });
    expect(await sent.json()).toMatchObject({ status: "success" });
  }

  await influencer.signIn(page);
  await page.goto(`/proposals/${id}`);
  await expect(messages(page)).toHaveCount(30);
  await expect(messages(page).last()).toContainText("Note 35");
  await expect(messages(page).first()).toContainText("Note 6");
  await page.getByRole("button", { name: "Load older messages" }).click();
  await expect(messages(page)).toHaveCount(36);
  await expect(messages(page).first()).toContainText(PROPOSAL_TEXT);
  await expect(page.getByText("The conversation starts here.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Load older messages" })).toHaveCount(0);
  // The brand writes meanwhile: the open page shows it without a reload, the older messages kept.
  const sent = await brand.api.post(`/api/applications/${id}/messages`, { data: { text: "Are you there?" } });
  expect(await sent.json()).toMatchObject({ status: "success" });
  await expect(messages(page).last()).toContainText("Are you there?", { timeout: 15_000 });
  await expect(messages(page)).toHaveCount(37);

  // An admin acting as the influencer reads the page as them, told so.
  const admin = await users.create("admin");
  await admin.signIn(page);
  await page.goto(`/admin/login?u=i&id=${influencer.id}`);
  await page.goto(`/proposals/${id}`);
  await expect(page.getByTestId("application-admin")).toContainText(`as ${influencer.username}`);
  await expect(messages(page)).toHaveCount(30);

  // Another brand, and another influencer, get "does not exist".
  const stranger = await users.create("brand");
  await stranger.signIn(page);
  await page.goto(`/applications/${id}`);
  await expect(page.getByRole("alert")).toHaveText("This application does not exist or is not yours.");
  const otherInfluencer = await users.create("influencer");
  await otherInfluencer.signIn(page);
  await page.goto(`/proposals/${id}`);
  await expect(page.getByRole("alert")).toHaveText("This application does not exist or is not yours.");
});

test("the brand declines a proposal with a reason; an expired one reads as expired", async ({
  page,
  users,
  influencer,
}) => {
  const stamp = Date.now();
  const brand = await users.create("brand", {
    campaigns: [{ title: `Serum launch ${stamp}` }, { title: `Perfume launch ${stamp}` }],
  });
  const [declined, expiring] = brand.campaigns;
  if (!declined || !expiring) throw new Error("the brand's campaigns are missing");
  const id = await propose(influencer, declined.id);

  await brand.signIn(page);
  await page.goto(`/applications/${id}`);
  await page.getByRole("button", { name: "Decline" }).click();
  const decline = page.getByRole("dialog", { name: "Decline this proposal" });
  await decline.getByLabel("Reason (optional)").selectOption({ label: "Price too high" });
  await decline.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("The proposal was declined.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("application-status")).toContainText("You declined this proposal.");
  await expect(page.getByTestId("application-status")).toContainText("Reason: the price is too high.");
  await expect(page.getByRole("button", { name: "Decline" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Request changes" })).toHaveCount(0);
  // The Decline button that opened the modal is gone: focus stays within the page, not back at its top.
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page.getByTestId("hire-total")).toHaveCount(0);
  // Declined before a conversation started: the chat is closed.
  await expect(page.getByTestId("chat-disabled")).toHaveText(
    "The chat is closed: this proposal was declined before a conversation started.",
  );
  await expect(page.getByLabel("Your message")).toHaveCount(0);

  await influencer.signIn(page);
  await page.goto(`/proposals/${id}`);
  await expect(page.getByTestId("application-status")).toContainText("The brand declined this proposal.");
  await expect(page.getByTestId("application-status")).toContainText("Reason: the price is too high.");
  await expect(page.getByRole("button", { name: "Update my proposal" })).toHaveCount(0);

  // A proposal that the server sees expire two seconds from now reads declined, expired.
  const instagram = influencer.networks.find((network) => network.type === "instagram");
  const expiration = new Date(Date.now() + 2_000);
  const created = await influencer.api.post("/api/applications", {
    data: {
      dealId: expiring.id,
      text: "Short-lived offer.",
      expiration: expiration.toISOString(),
      prices: [{ networkId: instagram?.id, price: 100, creationDays: 3 }],
    },
  });
  const expired = (await created.json()) as Envelope<{ id: number }>;
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(expiration.getTime() + 500);
  await page.goto(`/proposals/${expired.data.id}`);
  await expect(page.getByTestId("application-status")).toContainText("Expired: the proposal ran out on");
  await expect(page.getByRole("button", { name: "Update my proposal" })).toHaveCount(0);
});

test("a decline from a page left open after the proposal was declined says so, and the page catches up", async ({
  page,
  users,
  influencer,
}) => {
  const brand = await brandWithCampaign(users, "Mascara launch");
  const id = await propose(influencer, campaignOf(brand).id);

  await brand.signIn(page);
  await page.goto(`/applications/${id}`);
  await expect(page.getByTestId("application-status")).toContainText("Waiting for your answer");
  // Another tab declines first.
  const declined = await brand.api.post(`/api/applications/${id}/decline`, { data: { reason: "FAKE" } });
  expect(await declined.json()).toMatchObject({ status: "success" });

  await page.getByRole("button", { name: "Decline" }).click();
  const decline = page.getByRole("dialog", { name: "Decline this proposal" });
  await decline.getByRole("button", { name: "Decline" }).click();
  // The application's own words, not the deal's deadline ("closed" is the lifecycle table's refusal here).
  await expect(decline.getByTestId("decline-error")).toHaveText(
    "This application has moved on since the page was loaded: this action is no longer possible.",
  );
  await decline.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("application-status")).toContainText("You declined this proposal.");
  await expect(page.getByRole("button", { name: "Decline" })).toHaveCount(0);
});

test("a link written for the other side opens the application on the reader's own page", async ({
  page,
  users,
  influencer,
}) => {
  const brand = await brandWithCampaign(users, "Shared links");
  const id = await propose(influencer, campaignOf(brand).id, { text: PROPOSAL_TEXT });
  await influencer.signIn(page);
  await page.goto(`/applications/${id}`);
  await expect(page).toHaveURL(new RegExp(`/proposals/${id}$`));
  await expect(page.getByTestId("proposal-text")).toHaveText(PROPOSAL_TEXT);

  await brand.signIn(page);
  await page.goto(`/proposals/${id}`);
  await expect(page).toHaveURL(new RegExp(`/applications/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Application of ${influencer.username}` })).toBeVisible();
});

test("the way back leads to the deal while its reader can open it, and home once the review rejected it", async ({
  page,
  users,
  influencer,
  admin,
}) => {
  const title = `Night serum ${Date.now()}`;
  const brand = await brandWithCampaign(users, title);
  const campaign = campaignOf(brand);
  const id = await propose(influencer, campaign.id);
  await influencer.signIn(page);
  await page.goto(`/proposals/${id}`);
  await page.getByRole("link", { name: `Back to ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/deals/${campaign.id}$`));

  await admin.signIn(page);
  await page.goto(`/admin/login?u=b&id=${brand.id}`);
  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByRole("region", { name: "Admin review" }).getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("The campaign is rejected.", { exact: true })).toBeVisible();

  // The brand still has its campaign page; the influencer no longer has the deal's.
  await brand.signIn(page);
  await page.goto(`/applications/${id}`);
  await page.getByRole("link", { name: `Back to ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));
  await influencer.signIn(page);
  await page.goto(`/proposals/${id}`);
  await expect(page.getByRole("link", { name: `Back to ${title}` })).toHaveCount(0);
  await page.getByRole("link", { name: "Back home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Find deals" })).toBeVisible();
});
