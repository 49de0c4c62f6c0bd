import { AppShell } from "./app-shell";
import { VisitorActions } from "./visitor-actions";

/** A visitor's frame: log in and sign up in the header, nothing live. */
export function VisitorShell() {
  return <AppShell kind="visitor" actions={<VisitorActions className="hidden md:flex" />} />;
}
