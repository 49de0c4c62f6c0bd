import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

/** A tab loads with the same line as a page. */
export { LoadingLine as TabLoading } from "../../ui/query-states";

/** A tab that could not load its data, with a retry. */
export function TabLoadError({ message, onRetry, busy }: { message: string; onRetry: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry} disabled={busy} aria-busy={busy}>
        {t("GLOBAL.RETRY")}
      </Button>
    </div>
  );
}

/** A titled block of a tab. */
export function Section({
  title,
  children,
  description,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}
