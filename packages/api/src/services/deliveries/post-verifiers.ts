import type { NetworkProviders } from "../networks/providers/ports";
import type { PostVerifiers } from "./verifiers/ports";
import { unconfiguredPostVerifiers } from "./verifiers/sandbox";

/** The post verifiers the server runs with: the providers' (main.ts or the sandbox), else each says none is set. */
export function postVerifiersOf(providers: NetworkProviders): PostVerifiers {
  return providers.posts ?? unconfiguredPostVerifiers();
}
