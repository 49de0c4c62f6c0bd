import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { TokenCipher } from "../networks/token-cipher";
import type { WebhookTargets } from "./targets";

/** What the webhook services need: the secrets are sealed with the token cipher, the targets' policy decides URLs. */
export interface WebhookDeps {
  db: Db;
  clock: Clock;
  tokenCipher: TokenCipher;
  /** Strict (public https only) when absent. */
  webhookTargets?: WebhookTargets | undefined;
}
