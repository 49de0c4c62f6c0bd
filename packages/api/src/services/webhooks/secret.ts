import { randomBytes } from "node:crypto";

/** A new signing secret: `whsec_` and 32 random bytes (base64url), as a receiver stores it. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;
