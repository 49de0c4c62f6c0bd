import { expect, test } from "@playwright/test";
import { LANDING_JS_BUDGET_BYTES, measureLandingLoad } from "../scripts/landing-load";

/**
 * The weight budget of the visitor's landing (issue 17): the JS of a first load of /find, counted on the wire as
 * Chromium receives it from the built server. It runs against the build the e2e step made, so it costs one page load.
 */
test("a visitor's first load of /find stays within the JS budget", async ({ browser, baseURL }) => {
  const { resources } = await measureLandingLoad(browser, baseURL ?? "");
  const js = resources.filter((resource) => resource.kind === "js");
  const wire = js.reduce((total, resource) => total + resource.wire, 0);
  const heaviest = [...js]
    .sort((a, b) => b.wire - a.wire)
    .slice(0, 5)
    .map((resource) => `${new URL(resource.url).pathname} ${(resource.wire / 1024).toFixed(1)} KB`);
  expect(
    wire,
    `landing JS ${(wire / 1024).toFixed(1)} KB in ${js.length} files (heaviest: ${heaviest.join(", ")})`,
  ).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
});
