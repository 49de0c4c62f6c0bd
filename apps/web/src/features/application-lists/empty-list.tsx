import type { ReactNode } from "react";

/** A list with no application at all: what that means, and where to go from here. */
export function EmptyList({ message, hint, action }: { message: string; hint: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
      <p role="status" className="text-lg font-medium">
        {message}
      </p>
      <p className="text-slate-600">{hint}</p>
      {action}
    </div>
  );
}
