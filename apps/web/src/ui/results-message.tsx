import type { ReactNode } from "react";
import { Button } from "./button";

interface ResultsMessageProps {
  /** "alert" for a failure, "status" for an outcome such as no results. */
  role: "alert" | "status";
  children: ReactNode;
  actionLabel: string;
  onAction: () => void;
  busy: boolean;
}

/** Takes the place of the results when there are none to show: why, and what to do about it. */
export function ResultsMessage({ role, children, actionLabel, onAction, busy }: ResultsMessageProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
      <p role={role} className="text-lg font-medium">
        {children}
      </p>
      <Button variant="secondary" onClick={onAction} disabled={busy} aria-busy={busy}>
        {actionLabel}
      </Button>
    </div>
  );
}
