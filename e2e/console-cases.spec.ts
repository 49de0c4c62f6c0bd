import { readFile } from "node:fs/promises";
import { type NetworkType, sandboxDeliverables } from "@market/contracts";
import { strFromU8, unzipSync } from "fflate";
import { brandWithCampaign } from "./support/checkout-steps";
import { deliverHired } from "./support/deliver";
import { ok } from "./support/envelope";
import { tinyPng } from "./support/png";
import { expect, test } from "./support/users";

/**
 * Issue 36, the console's cases: a brand contests the work done; the operator finds the case in the queue,
 * reads its timeline, downloads the evidence pack (opened here: each file checked), closes the case with a reason
 * the brand then reads in the chat, and finds the decision in the audit view.
 */
test("an operator resolves a contested hire from the cases queue, with its evidence pack", async ({
  browser,
  page,
  users,
  influencer,
  admin,
}) => {
  // Two sessions, a hire made through the API, a ZIP opened: longer than the default 30 s on a shared machine.
  test.setTimeout(120_000);
  const brand = await brandWithCampaign(users, "Contested launch");
  const { id } = await users.hire(brand, influencer);
  await deliverHired(influencer.api, id);
  await ok(
    influencer.api.post(`/api/applications/${id}/messages`, { data: { text: "Posted <b>today</b>." } }),
    "message",
  );
  await ok(
    influencer.api.post(`/api/applications/${id}/file`, {
      multipart: { file: { name: "proof.txt", mimeType: "text/plain", buffer: Buffer.from("the story's link") } },
    }),
    "file",
  );
  await ok(brand.api.post(`/api/applications/${id}/undone`, { data: { text: "No story on my feed." } }), "contest");

  await admin.signIn(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Cases" }).first().click();
  await expect(page).toHaveURL(/\/admin\/cases/);
  // The queue, filtered by the brand's username from the keyboard.
  await page.getByLabel("Party's username").fill(brand.username);
  await page.getByLabel("Party's username").press("Enter");
  const row = page.getByRole("row").filter({ hasText: `#${id} ` });
  await expect(row).toContainText("Contested work");
  await expect(row).toContainText(`${brand.username} (brand)`);
  await expect(row).toContainText(/\d+ d \d+ h/);
  await row.getByRole("link").click();

  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Case #${id}`);
  const timeline = page.getByRole("table", { name: "Timeline" });
  await expect(timeline).toContainText("chat · work_not_done");
  await expect(timeline).toContainText("No story on my feed.");
  await expect(timeline).toContainText("proof.txt");
  await expect(page.getByRole("link", { name: `See the site as ${influencer.username}` })).toHaveAttribute(
    "href",
    `/admin/login?u=i&id=${influencer.id}&next=%2Fproposals%2F${id}`,
  );

  // The evidence pack: one ZIP with the transcript, the file, the timeline, the ledger and the summary.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the evidence pack" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`case-${id}-evidence.zip`);
  const path = await download.path();
  const zip = unzipSync(new Uint8Array(await readFile(path)));
  expect(Object.keys(zip).sort()).toEqual(
    ["files/001-proof.txt", "ledger.csv", "summary.html", "timeline.csv", "transcript.html", "transcript.json"].sort(),
  );
  const text = (name: string) => strFromU8(zip[name] as Uint8Array);
  expect(text("files/001-proof.txt")).toBe("the story's link");
  expect(text("transcript.html")).toContain("Posted &#60;b&#62;today&#60;/b&#62;.");
  expect(JSON.parse(text("transcript.json")).messages.map((m: { type: string }) => m.type)).toContain("work_not_done");
  expect(text("timeline.csv")).toContain("work_not_done");
  expect(text("ledger.csv").split("\r\n")[0]).toBe("transaction,kind,at,account,debit_cents,credit_cents");
  expect(text("ledger.csv")).toContain("payment");
  expect(text("summary.html")).toContain(brand.email);

  // The decision: a reason too short is refused in the dialog; then confirmed.
  await page.getByRole("button", { name: "Close the case" }).click();
  const dialog = page.getByRole("dialog", { name: "Close the case?" });
  await dialog.getByLabel("Reason").fill("ok");
  await dialog.getByRole("button", { name: "Close the case" }).click();
  await expect(dialog).toContainText("Give a reason of at least 3 characters.");
  const reason = "The story is on the influencer's feed since Monday.";
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Close the case" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("This case is decided: nothing is left to decide.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Timeline" })).toContainText(reason);

  // It left the queue.
  await page.goto(`/admin/cases?party=${brand.username}`);
  await expect(page.getByRole("status")).toContainText("No open case matches these filters.");

  // The audit view has it, with the reason and no impersonation.
  await page.goto(`/admin/audit?action=close_case&targetId=${id}`);
  const audit = page.getByRole("row").filter({ hasText: "close_case" });
  await expect(audit).toContainText(reason);
  await expect(audit).toContainText(`application ${id}`);

  // The brand reads the reason in the chat.
  const brandPage = await (await browser.newContext()).newPage();
  await brand.signIn(brandPage);
  await brandPage.goto(`/applications/${id}`);
  await expect(brandPage.getByText(`The platform's reason: ${reason}`)).toBeVisible();
});

test("the operator deciding a case sees the delivered screenshot's thumbnail", async ({
  page,
  users,
  influencer,
  admin,
}) => {
  test.setTimeout(90_000);
  const brand = await brandWithCampaign(users, "Contested screenshot");
  const { id } = await users.hire(brand, influencer);
  const uploaded = await ok<{ file: { id: string } }>(
    influencer.api.post(`/api/applications/${id}/file`, {
      multipart: { file: { name: "insights.png", mimeType: "image/png", buffer: tinyPng([30, 160, 90]) } },
    }),
    "screenshot",
  );
  const application = await ok<{ prices: { network: NetworkType; hired: boolean }[] }>(
    influencer.api.get(`/api/applications/${id}`),
    "application",
  );
  const hired = application.prices.filter((price) => price.hired).map((price) => price.network);
  await ok(
    influencer.api.post(`/api/applications/${id}/done`, {
      data: { deliverables: sandboxDeliverables(hired), files: [uploaded.file.id] },
    }),
    "work done with a screenshot",
  );
  await ok(brand.api.post(`/api/applications/${id}/undone`, { data: { text: "Not my product." } }), "contest");

  await admin.signIn(page);
  await page.goto(`/admin/cases/${id}`);
  const thumbnail = page.getByTestId("delivery").getByRole("img", { name: "insights.png" });
  await expect(thumbnail).toBeVisible();
  // Loaded, not a broken image: the admin's own session may read a delivered file.
  await expect.poll(() => thumbnail.evaluate((image: { naturalWidth: number }) => image.naturalWidth)).toBe(8);
});
