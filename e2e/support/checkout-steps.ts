import { DAY_MS } from "@market/contracts";
import { expect, type Locator, type Page } from "@playwright/test";
import { ok } from "./envelope";
import type { TestUser, UserOptions, Users } from "./users";

/**
 * The steps from a proposal to a hire that the application, checkout and release tests share: a brand with a
 * campaign, the influencer's usual proposal on it, and the brand's checkout of it with a sandbox test card.
 */

/** A brand with one campaign of its own, named for the test that made it. */
export const brandWithCampaign = (users: Users, title: string, options: UserOptions = {}) =>
  users.create("brand", { ...options, campaigns: [{ title: `${title} ${Date.now()}` }] });

/** The campaign the brand was made with. */
export function campaignOf(brand: TestUser) {
  const campaign = brand.campaigns[0];
  if (!campaign) throw new Error("the brand has no campaign");
  return campaign;
}

/** A proposal's prices: Instagram (at `instagram` dollars) in 3 days and YouTube $300 in 7. */
export function proposalPrices(influencer: TestUser, instagram = 100) {
  const byType = (type: string) => influencer.networks.find((network) => network.type === type)?.id;
  return [
    { networkId: byType("instagram"), price: instagram, creationDays: 3 },
    { networkId: byType("youtube"), price: 300, creationDays: 7 },
  ];
}

/** The influencer's proposal on a deal, open 20 days: by default Instagram $100 and YouTube $300, so B is $440. */
export async function propose(
  influencer: TestUser,
  dealId: number,
  { text = "Two posts and a story.", instagram = 100 }: { text?: string; instagram?: number } = {},
): Promise<number> {
  const { id } = await ok<{ id: number }>(
    influencer.api.post("/api/applications", {
      data: {
        dealId,
        text,
        expiration: new Date(Date.now() + 20 * DAY_MS).toISOString(),
        prices: proposalPrices(influencer, instagram),
      },
    }),
    "the proposal",
  );
  return id;
}

/** The signed-in brand's application page, then the checkout of the ticked networks, ready for a card. */
export async function openCheckout(page: Page, id: number): Promise<Locator> {
  await page.goto(`/applications/${id}`);
  await page.getByRole("button", { name: "Accept and hire" }).click();
  const dialog = page.getByRole("dialog", { name: "Accept and pay" });
  await expect(dialog.getByTestId("checkout-pay")).toBeVisible();
  return dialog;
}

/** A sandbox test card typed into the checkout's card form, expiring in April two years from now. */
export async function typeCard(dialog: Locator, number: string) {
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiry date (MM/YY)").fill(`04${String((new Date().getFullYear() + 2) % 100)}`);
  await dialog.getByLabel("Security code (CVC)").fill("123");
}

/** The brand opens the application signed in as itself and pays `total` (the Pay button's amount) with a card. */
export async function payAsBrand(page: Page, brand: TestUser, id: number, card: string, total = "$440.00") {
  await brand.signIn(page);
  const dialog = await openCheckout(page, id);
  await typeCard(dialog, card);
  await dialog.getByRole("button", { name: `Pay ${total}` }).click();
  return dialog;
}
