import { createFileRoute } from "@tanstack/react-router";
import { redirectUnknownRoute } from "../../../app/shell/unknown-route";

/** Every path no other route of the tree claims. */
export const Route = createFileRoute("/(visitor)/$")({ beforeLoad: redirectUnknownRoute("visitor") });
