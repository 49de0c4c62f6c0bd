import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * formatUsd is the one way to write an amount of money (issue 32: the same $20.00 minimum read "$20" on one screen
 * and "$20.00" on another). This guard fails when a screen, a chat line, a notification or a mail formats money by
 * itself again: an Intl currency format, an i18next currency format, or "$" glued to cents divided by 100.
 */
const ROOT = join(import.meta.dirname, "../../..");
const SOURCES = ["apps/web/src", "apps/server/src", "packages/api/src", "packages/db/src", "packages/contracts/src"];

/** Dollars that are not an amount formatted here, each with its reason. */
const ALLOWED = new Set([
  // The deal search's price buckets, "$25–$100" and "$10,000+": names of filters from the spec, not amounts.
  "apps/web/src/lib/deal-format.ts",
  // Stripe's own error text, which the fake Stripe repeats word for word.
  "packages/api/src/testing/msw/stripe-handlers.ts",
  // A demo brand's words about its product ("worth $120"), not a figure of the ledger.
  "packages/db/src/seed/deals.ts",
]);

const HOMEMADE = [/style:\s*"currency"/, /currency\s*\(/, /\$\$\{[^}]*\/\s*100/, /\$\$\{[^}]*toFixed/];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

describe("money is formatted in one place", () => {
  it("leaves no other money formatter in the web app or the server", () => {
    const offenders: string[] = [];
    for (const source of SOURCES) {
      for (const path of sourceFiles(join(ROOT, source))) {
        const name = relative(ROOT, path);
        if (ALLOWED.has(name) || name === "packages/contracts/src/money-format.ts") continue;
        const text = readFileSync(path, "utf8");
        if (HOMEMADE.some((pattern) => pattern.test(text))) offenders.push(name);
      }
    }
    expect(offenders).toEqual([]);
  });
});
