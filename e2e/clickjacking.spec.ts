import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/users";

// The browser refuses on purpose here: the guard that fails a test on any refusal lets this spec's through.
test.use({ cspRefusalsExpected: true });

/** Another origin on the same site (127.0.0.1, another port: the SameSite=Lax session cookie rides along). */
async function attackerSite(page: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end(page));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** A page that frames the influencer's payout screen, to lure a click on it: the browser must refuse to show it. */
test("another origin cannot show the signed-in app in a frame", async ({ page, baseURL, influencer }) => {
  await influencer.signIn(page);
  const app = new URL(baseURL ?? "").origin;
  const attacker = await attackerSite(
    `<!doctype html><title>Win a prize</title><iframe name="victim" src="${app}/earnings" width="1000" height="700"></iframe>`,
  );
  try {
    await page.goto(attacker.url);
    // The browser puts its own error page in the frame instead of the screen (frame-ancestors 'none').
    await expect.poll(() => page.frame("victim")?.url()).toBe("chrome-error://chromewebdata/");
    await expect(page.frameLocator("iframe[name=victim]").getByRole("heading", { level: 1 })).toHaveCount(0);
  } finally {
    attacker.server.close();
  }

  // The same screen opened as itself works: the refusal is the frame's, not the page's.
  await page.goto("/earnings");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
