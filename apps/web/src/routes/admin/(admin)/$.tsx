import { createFileRoute } from "@tanstack/react-router";
import { redirectUnknownRoute } from "../../../app/shell/unknown-route";

/** Every path no other route of the console claims, `/` included: the console's home. */
export const Route = createFileRoute("/(admin)/$")({ beforeLoad: redirectUnknownRoute("admin") });
