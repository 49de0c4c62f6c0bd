import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../app/screen-load";
import { HiresPage } from "../../../features/hires/hires-page";
import { HIRES_INPUT, HIRES_PAGES } from "../../../features/hires/hires-query";

export const Route = createFileRoute("/(brand)/hires")({
  loader: ({ context: { queries }, cause }) =>
    loadScreen(cause, () => [queries.hires.list.prefetchInfinite(HIRES_INPUT, firstPageOf(HIRES_PAGES))]),
  component: HiresPage,
});
