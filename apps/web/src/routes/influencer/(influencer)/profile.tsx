import { createFileRoute } from "@tanstack/react-router";
import { OwnProfilePage } from "../../../features/own-profile/own-profile-page";

/** Own influencer profile (spec section 2, /profile): as brands see it, with the owner's network actions. */
export const Route = createFileRoute("/(influencer)/profile")({
  component: OwnProfilePage,
});
