import { writeFileSync } from "node:fs";
import { DOCUMENT_FILE, documentText, TYPES_FILE, typesOf } from "./openapi-client";

/**
 * `npm run openapi`: writes the server's OpenAPI document to packages/sdk/src/openapi/openapi.json and the
 * generated client's types beside it (schema.d.ts, openapi-typescript). Run it after changing a REST route, a
 * procedure's input or an answer schema; scripts/openapi.test.ts fails while the committed files are stale.
 */
const document = documentText();
writeFileSync(DOCUMENT_FILE, document);
writeFileSync(TYPES_FILE, await typesOf(document));
console.log(`wrote ${DOCUMENT_FILE.pathname} and ${TYPES_FILE.pathname}`);
