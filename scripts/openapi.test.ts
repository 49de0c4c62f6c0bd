import { describe, expect, it } from "vitest";
import { committed, documentText, typesOf } from "./openapi-client";

/**
 * The generated client (packages/sdk/src/openapi) is what the current server's document generates: a change to a
 * REST route, a procedure's input or an answer schema without `npm run openapi` fails here (and so in CI).
 */
describe("the committed OpenAPI document and client types", () => {
  it("are what `npm run openapi` writes from the current server", async () => {
    const current = documentText();
    const files = committed();
    expect(files.document === current, "packages/sdk/src/openapi/openapi.json is stale: run `npm run openapi`").toBe(
      true,
    );
    expect(files.types === (await typesOf(current)), "schema.d.ts is stale: run `npm run openapi`").toBe(true);
  }, 60_000);
});
