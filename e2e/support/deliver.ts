import { type NetworkType, sandboxDeliverables } from "@market/contracts";
import type { APIRequestContext } from "@playwright/test";
import { ok } from "./envelope";

/**
 * Work done through the API (issue 37): the influencer delivers the sandbox's "mine" post on each hired network,
 * read from the application page, as a test does when the delivery itself is not what it tests.
 */
export async function deliverHired(api: APIRequestContext, id: number, what = "work done"): Promise<void> {
  const page = await ok<{ prices: { network: NetworkType; hired: boolean }[] }>(
    api.get(`/api/applications/${id}`),
    `${what}: the application`,
  );
  const hired = page.prices.filter((price) => price.hired).map((price) => price.network);
  await ok(api.post(`/api/applications/${id}/done`, { data: { deliverables: sandboxDeliverables(hired) } }), what);
}
