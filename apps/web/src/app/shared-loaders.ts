import type { AccountKind } from "@market/contracts";
import { chatQueryOptions } from "../features/application-page/chat/chat-query";
import { profileInputOf } from "../features/influencer-profile/profile-input";
import { TAB_READS, tabOf } from "../features/settings/tabs";
import { parsePathId } from "../lib/path-id";
import { trpcClient } from "../lib/trpc";
import type { SignedInContext } from "./router-context";
import { type LoadCause, loadScreen } from "./screen-load";

/**
 * The loaders of the screens both signed-in trees route to (screen-load.ts). Each asks for what its screen reads
 * at mount, with the screen's own input functions.
 */

/** An application's page (/applications/{id}, /proposals/{id}): the application and its chat's newest page. */
export function loadApplicationPage({ queries, queryClient }: SignedInContext, rawId: string, cause: LoadCause) {
  const id = parsePathId(rawId);
  return loadScreen(cause, () =>
    id === null
      ? []
      : [
          queries.applications.get.prefetch({ id }),
          queryClient.prefetchInfiniteQuery(chatQueryOptions(trpcClient, id)),
        ],
  );
}

/** An influencer's profile (/influencers/{id}), when the server can read the id. */
export function loadInfluencerProfile({ queries }: SignedInContext, rawId: string, cause: LoadCause) {
  const input = profileInputOf(rawId);
  return loadScreen(cause, () => (input === null ? [] : [queries.influencers.get.prefetch(input)]));
}

/** The settings (/settings, /account): what the open tab (`p`) reads. */
export function loadSettingsTab({ queries }: SignedInContext, kind: AccountKind, p: unknown, cause: LoadCause) {
  return loadScreen(cause, () => {
    switch (TAB_READS[tabOf(kind, p)]) {
      case "settings":
        return [queries.settings.get.prefetch()];
      case "card":
        return [queries.account.card.prefetch()];
      case "networks":
        return [queries.networks.list.prefetch()];
      case null:
        return [];
    }
  });
}
