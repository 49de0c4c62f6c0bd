import type { Db } from "@market/db";
import type { Clock } from "../../../../clock";
import { sandboxPostVerifiers } from "../../../deliveries/verifiers/sandbox";
import type { NetworkProviders } from "../ports";
import { sandboxBioReader } from "./instagram-sandbox";
import { sandboxOAuthProvider } from "./oauth-sandbox";

/** Every network on its built-in sandbox: tests, and a fresh machine with nothing configured. */
export function sandboxNetworkProviders(db: Db, clock: Clock): NetworkProviders {
  return {
    oauth: {
      facebook: sandboxOAuthProvider("facebook", clock),
      twitter: sandboxOAuthProvider("twitter", clock),
      youtube: sandboxOAuthProvider("youtube", clock),
    },
    instagram: sandboxBioReader(db),
    posts: sandboxPostVerifiers(clock),
  };
}
