import { RouterProvider } from "@tanstack/react-router";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/app-providers";
import { BootError } from "./app/boot-error";
import { createAppRouter } from "./app/create-app-router";
import { pickTree } from "./app/pick-tree";
import { createQueryClient } from "./lib/query-client";
import { trpcClient } from "./lib/trpc";
import { muteOnUnload, toastStore } from "./ui/toast-store";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);
const queryClient = createQueryClient();
/** The tRPC utilities outside React, over the providers' query client: the boot's question and the routes' loaders. */
const queries = createTRPCQueryUtils({ queryClient, client: trpcClient });
muteOnUnload(toastStore, window);

/** Asks the server who the user is, then runs the route tree of that kind (spec section 2). */
async function loadPage(): Promise<ReactNode> {
  try {
    const me = await queries.account.me.ensureData();
    return <RouterProvider router={await createAppRouter(pickTree(me), { queryClient, queries })} />;
  } catch (error) {
    console.error("Could not start the app", error);
    return <BootError />;
  }
}

root.render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>{await loadPage()}</AppProviders>
  </StrictMode>,
);
