import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../app/screen-load";
import { OwnProfilePage } from "../../../features/own-profile/own-profile-page";

/** Own influencer profile (spec section 2, /profile): as brands see it, with the owner's network actions. */
export const Route = createFileRoute("/(influencer)/profile")({
  loader: ({ context: { queries }, cause }) => loadScreen(cause, () => [queries.influencers.own.prefetch()]),
  component: OwnProfilePage,
});
