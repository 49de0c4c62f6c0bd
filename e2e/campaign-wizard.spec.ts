import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { tinyPng } from "./support/png";
import { expect, test } from "./support/users";

const pad = (value: number) => String(value).padStart(2, "0");
/** A date input value `days` after today (the browser's local day). */
const dayAhead = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

const chip = (page: Page, name: string) => page.locator("label").filter({ hasText: new RegExp(`^${name}$`) });
const shownImageIds = (page: Page) =>
  page
    .getByTestId("wizard-images")
    .locator("li")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-image-id")));

interface DealJson {
  id: number;
  title: string;
  images: { id: string; url: string }[];
  extras: string[];
  eDiscount: string;
  aLanguages: string[];
}

test("a brand creates a campaign through the six steps, reorders its images, then edits it", async ({
  page,
  brand,
}) => {
  test.setTimeout(90_000);
  await brand.signIn(page);
  const title = `Wizard campaign ${randomBytes(4).toString("hex")}`;

  await page.goto("/campaigns/new");
  await expect(page.getByRole("heading", { level: 1, name: "New campaign" })).toBeVisible();
  await expect(
    page.getByText("Campaigns based only on affiliate commissions are forbidden", { exact: false }),
  ).toBeVisible();

  // Networks: leaving it empty marks it invalid, with its message once back on it.
  await expect(page.getByRole("heading", { level: 2, name: "Networks" })).toBeVisible();
  await page.getByTestId("wizard-next").click();
  await expect(page.getByRole("heading", { level: 2, name: "General" })).toBeVisible();
  await expect(page.getByTestId("wizard-step-networks")).toHaveAttribute("data-mark", "invalid");
  await expect(page.getByTestId("wizard-step-networks")).toContainText("has errors");
  await page.getByTestId("wizard-step-networks").click();
  await expect(page.getByText("Choose at least one network.")).toBeVisible();
  await chip(page, "Instagram").click();
  await chip(page, "YouTube").click();
  await expect(page.getByTestId("wizard-step-networks")).toHaveAttribute("data-mark", "valid");
  await page.getByTestId("wizard-next").click();

  // General, with the deadline warning under 4 days.
  await page.getByLabel("Campaign title").fill(`  ${title}  `);
  await page.getByLabel("Category").selectOption("beauty");
  await page.getByLabel("Price per post").selectOption("p250_500");
  const deadline = page.getByLabel("Deadline");
  await expect(deadline).toHaveAttribute("min", /\d{4}-\d{2}-\d{2}/);
  await deadline.fill(dayAhead(1));
  await expect(page.getByTestId("deadline-warning")).toBeVisible();
  await deadline.fill(dayAhead(20));
  await expect(page.getByTestId("deadline-warning")).toBeHidden();
  await page.getByLabel("Website link").fill("https://example.com/spring");
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-step-general")).toHaveAttribute("data-mark", "valid");

  // Audience.
  await page.getByLabel("About the audience").fill("Skincare fans");
  await chip(page, "United States").click();
  await chip(page, "United Kingdom").click();
  await chip(page, "English").click();
  // "All languages" replaces the single language chosen.
  await chip(page, "All languages").click();
  await expect(page.getByRole("checkbox", { name: "English" })).not.toBeChecked();
  await page.getByTestId("wizard-next").click();

  // Details: four images chosen, the fourth dropped with the message; the three uploaded then reordered by drag.
  await page.getByLabel("Description").fill("Show our new serum in a post.");
  const colours: [number, number, number][] = [
    [200, 0, 0],
    [0, 200, 0],
    [0, 0, 200],
    [200, 200, 0],
  ];
  await page
    .getByTestId("wizard-image-input")
    .setInputFiles(
      colours.map((rgb, index) => ({ name: `image-${index}.png`, mimeType: "image/png", buffer: tinyPng(rgb) })),
    );
  await expect(page.getByRole("alert").filter({ hasText: "remove one first" })).toBeVisible();
  const items = page.getByTestId("wizard-images").locator("li");
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId("wizard-images").locator("li[data-image-id]")).toHaveCount(3);
  const uploaded = await shownImageIds(page);
  const [first, second, third] = uploaded as [string, string, string];
  await items.nth(0).dragTo(items.nth(2));
  await expect.poll(() => shownImageIds(page)).toEqual([second, third, first]);
  await page.getByTestId("wizard-next").click();

  // Extra: a chosen extra needs its text; the done step lists the step as incomplete and blocks the launch.
  await page.getByRole("checkbox", { name: "Discount" }).check();
  await page.getByTestId("wizard-next").click();
  await expect(page.getByRole("heading", { level: 2, name: "Done" })).toBeVisible();
  await expect(page.getByTestId("wizard-incomplete")).toBeVisible();
  await expect(page.getByTestId("wizard-next")).toHaveCount(0);
  await expect(page.getByTestId("wizard-launch")).toHaveCount(0);
  await page.getByRole("button", { name: "Go to Extra" }).click();
  await expect(page.getByText("Describe the discount.")).toBeVisible();
  await page.getByLabel("Describe the discount").fill("  20% off with code SPRING  ");
  await page.getByTestId("wizard-step-done").click();

  await expect(page.getByTestId("wizard-ready")).toBeVisible();
  // What launching does (spec section 4): listed to influencers at once, invitations only once approved.
  await expect(
    page.getByText(
      "Influencers can find your campaign and send proposals as soon as you launch it. Our team reviews it too: " +
        "until it is approved you cannot invite influencers to it, and a rejected campaign is hidden from influencers.",
    ),
  ).toBeVisible();
  for (const step of ["networks", "general", "audience", "details", "extra"]) {
    await expect(page.getByTestId(`wizard-step-${step}`)).toHaveAttribute("data-mark", "valid");
  }
  await page.getByTestId("wizard-launch").click();
  await expect(page.getByText("Your campaign has been created.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  // Saved as entered, texts trimmed, images in the dragged order.
  const list = await (await page.request.get("/api/deals")).json();
  expect(list.status).toBe("success");
  const saved = (list.data as DealJson[]).find((deal) => deal.id === id);
  expect(saved).toMatchObject({
    title,
    extras: ["discount"],
    eDiscount: "20% off with code SPRING",
    aLanguages: ["all"],
  });
  expect(saved?.images.map((image) => image.id)).toEqual([second, third, first]);

  await page.goto("/campaigns");
  await expect(page.getByText(title).first()).toBeVisible();

  // Edit: opens on the done step with the stored campaign, saying an edit goes back to review; an image moved by
  // keyboard, then saved.
  await page.goto(`/campaigns/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit campaign" })).toBeVisible();
  await expect(page.getByTestId("wizard-step-done")).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("wizard-ready")).toBeVisible();
  await expect(
    page.getByText("Changing anything but the deadline sends the campaign back to review", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("as soon as you launch it", { exact: false })).toHaveCount(0);
  await page.getByTestId("wizard-step-details").click();
  await expect.poll(() => shownImageIds(page)).toEqual([second, third, first]);
  await page.getByRole("button", { name: "Move image 1 later" }).click();
  await expect(page.getByText("Image moved to position 2 of 3.")).toBeAttached();
  await expect.poll(() => shownImageIds(page)).toEqual([third, second, first]);
  await expect(page.getByRole("button", { name: "Move image 2 later" })).toBeFocused();
  await page.getByTestId("wizard-step-general").click();
  await page.getByLabel("Campaign title").fill(`${title} edited`);
  await page.getByTestId("wizard-step-done").click();
  await page.getByTestId("wizard-launch").click();
  await expect(page.getByText("Your campaign has been updated.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}$`));

  const edited = await (await page.request.get(`/api/deals/${id}`)).json();
  expect(edited.data).toMatchObject({ id, title: `${title} edited` });
  expect((edited.data as DealJson).images.map((image) => image.id)).toEqual([third, second, first]);
});

test("the edit wizard of a campaign that cannot be loaded goes to the campaign page", async ({ page, brand }) => {
  await brand.signIn(page);
  await page.goto("/campaigns/999999/edit");
  await expect(page).toHaveURL(/\/campaigns\/999999$/);
});
