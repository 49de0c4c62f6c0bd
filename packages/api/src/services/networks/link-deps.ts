import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { NetworkProviders } from "./providers/ports";
import type { TokenCipher } from "./token-cipher";

/** What the network services use: the database, the clock, the providers' ports and the token cipher. */
export interface NetworkDeps {
  db: Db;
  clock: Clock;
  networkProviders: NetworkProviders;
  tokenCipher: TokenCipher;
}

/** Where failures of a provider (never a token) are written: Fastify's logger fits. */
export interface NetworkLog {
  warn(details: object, message: string): void;
}
