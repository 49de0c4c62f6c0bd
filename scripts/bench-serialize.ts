/**
 * `npx tsx scripts/bench-serialize.ts [--cards 20] [--iterations 50000]`: what writing a tRPC answer costs in the
 * server's process (issue 17): serializeOutput and JSON.stringify on an answer shaped as a brand's applications
 * page (each card with its influencer, deal and four instants), beside superjson.serialize, and isoInstant beside
 * toISOString. Each is warmed up first, then timed over the same value; the figures are µs (or ns) a call, on this
 * machine's noise: compare the rows of one run. It also checks that superjson reads our answer back as the value.
 */
import { parseArgs } from "node:util";
import { isoInstant, serializeOutput } from "@market/api";
import superjson from "superjson";

const { values } = parseArgs({
  options: { cards: { type: "string", default: "20" }, iterations: { type: "string", default: "50000" } },
});
const CARDS = Number(values.cards);
const ITERATIONS = Number(values.iterations);
if (!Number.isInteger(CARDS) || CARDS < 1 || CARDS > 1000) throw new Error("--cards: 1 to 1,000");
if (!Number.isInteger(ITERATIONS) || ITERATIONS < 100 || ITERATIONS > 1_000_000) {
  throw new Error("--iterations: 100 to 1,000,000");
}

const now = Date.UTC(2026, 11, 2, 12);
const instant = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000 + 123);
const answer = {
  deal: null,
  applications: Array.from({ length: CARDS }, (_, index) => ({
    id: index + 1,
    status: "WAITING",
    deniedReason: null,
    influencer: { id: 100 + index, username: `creator_${index}`, city: "Marseille", country: "fr", picture: null },
    deal: { id: 1, title: "A week in my life with the weekender bag", author: "Demo Brand Co" },
    totalReach: 8_314 * (index + 1),
    totalPrice: 65 + index,
    expiration: instant(-24 * 20),
    timeBeforeExpiration: 2_113_177_937,
    created: instant(index * 5),
    updated: instant(index),
    unread: index % 3,
    lastNotification: index % 3 ? instant(index) : null,
  })),
  nextCursor: null,
};

function time(label: string, unit: "µs" | "ns", run: () => unknown): void {
  for (let index = 0; index < ITERATIONS / 5; index += 1) run();
  const started = performance.now();
  for (let index = 0; index < ITERATIONS; index += 1) run();
  const perCall = (performance.now() - started) / ITERATIONS;
  console.log(
    `${label.padEnd(44)} ${(unit === "µs" ? perCall * 1000 : perCall * 1e6).toFixed(unit === "µs" ? 1 : 0)} ${unit}`,
  );
}

const ours = JSON.stringify(serializeOutput(answer));
const theirs = JSON.stringify(superjson.serialize(answer));
const readBack = JSON.stringify(superjson.deserialize(JSON.parse(ours)));
if (readBack !== JSON.stringify(answer)) throw new Error("superjson does not read serializeOutput's answer back");
console.log(`an applications page of ${CARDS} cards: ${ours.length} B of JSON (superjson's own: ${theirs.length} B)`);
time("serializeOutput", "µs", () => serializeOutput(answer));
time("serializeOutput + JSON.stringify", "µs", () => JSON.stringify(serializeOutput(answer)));
time("superjson.serialize + JSON.stringify", "µs", () => JSON.stringify(superjson.serialize(answer)));
time("superjson.deserialize (the web app's read)", "µs", () => superjson.deserialize(JSON.parse(ours)));
const dates = answer.applications.flatMap((card) => [card.created, card.updated, card.expiration]);
time(`isoInstant (${dates.length} Dates a call)`, "µs", () => dates.map(isoInstant));
time(`toISOString (${dates.length} Dates a call)`, "µs", () => dates.map((date) => date.toISOString()));
