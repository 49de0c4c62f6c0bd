import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { ok } from "./support/envelope";
import { expect, INFLUENCER_NETWORKS, test } from "./support/users";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback, which the test server (E2E_TEST_ROUTES=1) may send to: records and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/market-hooks`,
    received,
    typesReceived: () => received.map((entry) => (JSON.parse(entry.body) as { type: string }).type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** docs/api.md's check: v1 is the HMAC-SHA256 of "<t>.<body>" under the endpoint's secret. */
function signedWith(secret: string, entry: Received): boolean {
  const header = String(entry.headers["market-signature"] ?? "");
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=", 2)));
  return createHmac("sha256", secret).update(`${t}.${entry.body}`).digest("hex") === v1;
}

test.describe("webhooks", () => {
  test("a brand registers an endpoint, sees its test event delivered, and a hire and a message arrive", async ({
    page,
    users,
  }) => {
    const receiver = await startReceiver();
    try {
      const brand = await users.create("brand", { campaigns: [{ title: "Webhook launch", review: "OK" }] });
      await brand.signIn(page);
      await page.goto("/settings?p=webhooks");
      await expect(page.getByTestId("webhooks-empty")).toBeVisible();

      await page.getByRole("button", { name: "Add endpoint" }).click();
      const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
      // Nothing chosen: the events are asked for, the request never sent.
      await dialog.getByLabel("Endpoint URL").fill(receiver.url);
      await dialog.getByRole("button", { name: "Add endpoint" }).click();
      await expect(dialog.getByText("Choose at least one event.")).toBeVisible();
      await dialog.getByLabel("application.hired").check();
      await dialog.getByLabel("message.received").check();
      await dialog.getByRole("button", { name: "Add endpoint" }).click();

      const secretDialog = page.getByRole("dialog", { name: "Your signing secret" });
      const secret = await secretDialog.getByTestId("webhook-secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole("button", { name: "I have saved it" }).click();

      const endpoint = page.getByTestId("webhook-endpoint");
      await expect(endpoint.getByRole("heading", { name: receiver.url })).toBeVisible();
      await endpoint.getByRole("button", { name: "Send test" }).click();
      const row = endpoint.getByTestId("webhook-delivery").first();
      await expect(row).toHaveAttribute("data-status", "succeeded", { timeout: 20_000 });
      await expect(row.getByTestId("webhook-code")).toHaveText("200");
      await expect(row).toContainText("ping");
      expect(receiver.typesReceived()).toEqual(["ping"]);
      expect(signedWith(secret, receiver.received[0] as Received)).toBe(true);

      // A hire, then the influencer's chat message: each reaches the brand's endpoint, signed.
      const influencer = await users.create("influencer", { networks: INFLUENCER_NETWORKS });
      const hire = await users.hire(brand, influencer);
      await expect.poll(() => receiver.typesReceived(), { timeout: 20_000 }).toContain("application.hired");
      await ok(
        influencer.api.post(`/api/applications/${hire.id}/messages`, { data: { text: "Posting tomorrow" } }),
        "the influencer's message",
      );
      await expect.poll(() => receiver.typesReceived(), { timeout: 20_000 }).toContain("message.received");
      const message = receiver.received.find((entry) => entry.body.includes('"message.received"')) as Received;
      expect(JSON.parse(message.body)).toMatchObject({ data: { applicationId: hire.id, text: "Posting tomorrow" } });
      expect(receiver.received.every((entry) => signedWith(secret, entry))).toBe(true);

      // The log shows them too once read again.
      await page.reload();
      await endpoint.getByRole("button", { name: "Show log" }).click();
      await expect(endpoint.getByTestId("webhook-delivery")).toHaveCount(3);

      // Paused: the card says so, a test cannot be sent, and a message meanwhile is not recorded nor sent.
      await endpoint.getByRole("button", { name: "Pause" }).click();
      await expect(endpoint.getByTestId("webhook-paused")).toContainText("Paused");
      await expect(endpoint.getByRole("button", { name: "Send test" })).toBeDisabled();
      await ok(
        influencer.api.post(`/api/applications/${hire.id}/messages`, { data: { text: "While paused" } }),
        "a message while paused",
      );
      // Resumed: the next message arrives; the one sent while paused never does.
      await endpoint.getByRole("button", { name: "Resume" }).click();
      await expect(endpoint.getByTestId("webhook-paused")).toHaveCount(0);
      await ok(
        influencer.api.post(`/api/applications/${hire.id}/messages`, { data: { text: "After the resume" } }),
        "a message after the resume",
      );
      await expect
        .poll(() => receiver.received.some((entry) => entry.body.includes("After the resume")), {
          timeout: 20_000,
        })
        .toBe(true);
      expect(receiver.received.some((entry) => entry.body.includes("While paused"))).toBe(false);
      await page.reload();
      await endpoint.getByRole("button", { name: "Show log" }).click();
      await expect(endpoint.getByTestId("webhook-delivery")).toHaveCount(4);

      // Rolled: the old secret keeps signing for the day chosen by default, which the card says.
      await endpoint.getByRole("button", { name: "Roll secret" }).click();
      const rollDialog = page.getByRole("dialog", { name: "Roll the signing secret" });
      await expect(rollDialog.getByLabel("The old secret stops signing")).toHaveValue("1440");
      await rollDialog.getByRole("button", { name: "Roll the secret" }).click();
      const rolledDialog = page.getByRole("dialog", { name: "Your signing secret" });
      expect(await rolledDialog.getByTestId("webhook-secret").inputValue()).not.toBe(secret);
      await rolledDialog.getByRole("button", { name: "I have saved it" }).click();
      await expect(endpoint.getByTestId("webhook-grace")).toContainText("previous secret");
    } finally {
      await receiver.close();
    }
  });
});
