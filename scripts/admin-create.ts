/**
 * `npm run admin:create -- --email X --username Y --password Z`: creates an admin account, the only way one
 * comes to exist. The password may come from ADMIN_PASSWORD instead of the command line (kept out of the
 * shell history). Runs on DATABASE_URL, or on the embedded database under DATA_DIR (stop the server first:
 * PGlite allows one process at a time). See createAdmin for what an admin account is.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { AdminInputError, createAdmin, systemClock } from "@market/api";
import { createDb, migrate } from "@market/db";

const { values } = parseArgs({
  options: { email: { type: "string" }, username: { type: "string" }, password: { type: "string" } },
  strict: true,
});
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!values.email || !values.username || !password) {
  console.error("usage: npm run admin:create -- --email <email> --username <username> --password <password>");
  console.error("       (or ADMIN_PASSWORD=<password> instead of --password)");
  process.exit(2);
}

const url = process.env.DATABASE_URL;
const handle = await createDb(url ? { url } : { dataDir: resolve(process.env.DATA_DIR ?? ".data", "pglite") });
let status = 0;
try {
  await migrate(handle);
  const admin = await createAdmin(handle.db, systemClock, { email: values.email, username: values.username, password });
  console.log(`Admin ${admin.username} <${admin.email}> created (user id ${admin.id}).`);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  const known = error instanceof AdminInputError || reason === "username_taken" || reason === "email_taken";
  console.error(known ? `Refused: ${reason.replace("_", " ")}` : error);
  status = 1;
} finally {
  await handle.close();
}
process.exit(status);
