/**
 * A script on the SDK (docs/api.md, "From a script"): it logs in as a brand, reads its campaigns (a query), and pauses
 * then resumes the first open one (mutations), printing what it saw as one JSON line. e2e/sdk-script.spec.ts runs it
 * against the built server.
 *
 *   npx tsx scripts/sdk-example.ts http://127.0.0.1:3000 brand@demo.test demo-password
 */
import { createClient, reasonOf } from "@market/sdk";

const [url, login, password] = process.argv.slice(2);
if (!url || !login || !password) {
  console.error("usage: tsx scripts/sdk-example.ts <url> <login> <password>");
  process.exit(2);
}

const client = createClient({ url });
try {
  const { kind } = await client.login(login, password);
  const campaigns = await client.trpc.deals.mine.query();
  const open = campaigns.find((campaign) => campaign.status === "open");
  if (!open) throw new Error("no open campaign to pause");
  const paused = await client.trpc.deals.pause.mutate({ id: open.id });
  const resumed = await client.trpc.deals.resume.mutate({ id: open.id });
  console.log(JSON.stringify({ kind, campaigns: campaigns.length, paused: paused.status, resumed: resumed.status }));
} catch (error) {
  // A refusal carries the server's reason (bad_password, forbidden, csrf, …); anything else is a fault.
  const reason = reasonOf(error);
  if (reason === null) throw error;
  console.error(`refused: ${reason}`);
  process.exitCode = 1;
}
