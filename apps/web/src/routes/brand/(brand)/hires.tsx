import { createFileRoute } from "@tanstack/react-router";
import { HiresPage } from "../../../features/hires/hires-page";

export const Route = createFileRoute("/(brand)/hires")({ component: HiresPage });
