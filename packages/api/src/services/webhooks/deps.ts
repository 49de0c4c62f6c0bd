import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { Mailer } from "../mail/mailer";
import type { TokenCipher } from "../networks/token-cipher";
import type { WebhookJobs } from "./jobs";
import type { WebhookTargets } from "./targets";

/** What the webhook services need: the secrets are sealed with the token cipher, the targets' policy decides URLs. */
export interface WebhookDeps {
  db: Db;
  clock: Clock;
  tokenCipher: TokenCipher;
  /** Strict (public https only) when absent. */
  webhookTargets?: WebhookTargets | undefined;
  /** pg-boss's webhook queue on PostgreSQL; absent on PGlite, where the runner's pass finds due deliveries. */
  webhookJobs?: WebhookJobs | undefined;
  /** Tells an owner their endpoint was paused after failing; no mail when absent. */
  mailer?: Mailer | undefined;
}
