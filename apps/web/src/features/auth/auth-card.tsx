import type { ReactNode } from "react";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The frame of the visitor's account screens: a titled card in the middle of the page. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** A message about the whole form, read out as soon as it appears. */
export function FormAlert({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "success" }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          : "rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
      }
    >
      {children}
    </p>
  );
}
