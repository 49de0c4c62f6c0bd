import type { FlagDetailView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { LoadErrorMessage, LoadingLine } from "../../../ui/query-states";
import { DecisionForm } from "./decision-form";
import { formatFlagTime } from "./flag-time";

/**
 * A flag's panel (a dialog over the queue): why the influencer was flagged, their appeal's text and files (each a
 * download, served to admins only), and the decision: taken already, or the form to take it.
 */
export function AppealPanel({ flagId, onClose }: { flagId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = trpc.admin.console.flags.get.useQuery({ flagId });
  const flag = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={flag ? t("CONSOLE_FLAGS.PANEL_TITLE", { username: flag.influencer.username }) : t("CONSOLE_FLAGS.TITLE")}
        className="top-0 right-0 h-full w-[min(36rem,100vw)] overflow-y-auto"
      >
        {query.isPending && <LoadingLine />}
        {query.isError && <LoadErrorMessage query={query}>{t("CONSOLE_FLAGS.PANEL_LOAD_ERROR")}</LoadErrorMessage>}
        {flag && <FlagDetail flag={flag} />}
      </DialogContent>
    </Dialog>
  );
}

function FlagDetail({ flag }: { flag: FlagDetailView }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5 text-sm" data-testid="appeal-panel">
      <p className="font-medium">{flag.standing ? t("CONSOLE_FLAGS.STANDING") : t("CONSOLE_FLAGS.LIFTED")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">{t("CONSOLE_FLAGS.FLAG_REASON")}</dt>
        <dd>{t(`CONSOLE_FLAGS.REASON.${flag.reason}`)}</dd>
        <dt className="font-medium">{t("CONSOLE_FLAGS.NOTE")}</dt>
        <dd className="whitespace-pre-wrap">{flag.note || t("CONSOLE_FLAGS.NO_NOTE")}</dd>
        <dt className="font-medium">{t("CONSOLE_FLAGS.FLAGGED_AT")}</dt>
        <dd>
          {formatFlagTime(flag.flaggedAt)}
          {flag.flaggedBy && ` · ${t("CONSOLE_FLAGS.BY")} ${flag.flaggedBy.username}`}
        </dd>
      </dl>
      <section aria-labelledby="appeal-heading" className="space-y-2">
        <h3 id="appeal-heading" className="text-base font-semibold">
          {t("CONSOLE_FLAGS.APPEAL")}
        </h3>
        {flag.appeal ? (
          <>
            <p className="text-slate-600">{formatFlagTime(flag.appeal.at)}</p>
            <blockquote className="rounded-md border-l-4 border-slate-300 bg-slate-50 p-3 whitespace-pre-wrap">
              {flag.appeal.text}
            </blockquote>
            <h4 className="font-medium">{t("CONSOLE_FLAGS.FILES")}</h4>
            {flag.appeal.files.length === 0 ? (
              <p className="text-slate-600">{t("CONSOLE_FLAGS.NO_FILES")}</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5">
                {flag.appeal.files.map((file) => (
                  <li key={file.id}>
                    <a href={file.url} download={file.name} className="text-brand-800 underline">
                      {file.name}
                    </a>{" "}
                    <span className="text-slate-600">({Math.ceil(file.sizeBytes / 1024)} KB)</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="text-slate-600">{t("CONSOLE_FLAGS.NO_APPEAL")}</p>
        )}
      </section>
      {flag.decision ? (
        <section aria-labelledby="decision-heading" className="space-y-1" data-testid="flag-decision">
          <h3 id="decision-heading" className="text-base font-semibold">
            {t("CONSOLE_FLAGS.DECIDED")}
          </h3>
          <p>
            {t(flag.decision.decision === "lift" ? "CONSOLE_FLAGS.DECIDED_LIFT" : "CONSOLE_FLAGS.DECIDED_UPHOLD", {
              admin: flag.decision.by?.username ?? "—",
              date: formatFlagTime(flag.decision.at),
            })}
          </p>
          <p className="whitespace-pre-wrap">{flag.decision.reason}</p>
        </section>
      ) : (
        flag.appeal && <DecisionForm flag={flag} />
      )}
    </div>
  );
}
