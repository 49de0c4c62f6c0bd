import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { toastStore } from "./toast-store";

// Radix's toasts (about 4 KB on the wire) are fetched when the first toast is raised, not with the page: most first
// loads, a visitor's /find among them, raise none.
const Toaster = lazy(() => import("./toast").then(({ Toaster }) => ({ default: Toaster })));

/** The Toaster, mounted from the first toast on and kept mounted (F8 and the region stay once there). */
export function LazyToaster() {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  const [needed, setNeeded] = useState(false);
  if (items.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
