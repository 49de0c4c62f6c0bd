import { existsSync } from "node:fs";
import { defineConfig } from "drizzle-kit";

// drizzle-kit resolves paths against the working directory; accept the repo root (npm run db:generate)
// and this package's folder alike.
const root = existsSync("packages/db/src/schema") ? "." : "../..";

export default defineConfig({
  dialect: "postgresql",
  schema: `${root}/packages/db/src/schema/index.ts`,
  out: `${root}/drizzle`,
  strict: true,
  verbose: true,
});
