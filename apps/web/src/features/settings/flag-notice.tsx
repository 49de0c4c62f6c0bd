import type { MyFlagView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/day-format";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog, DialogContent } from "../../ui/dialog";
import { AppealForm } from "./appeal-form";

/**
 * The flagged influencer's notice on their account (issue 36, point 5): the reason and the admin's note, then what
 * they may do (appeal once), their appeal once sent, and the decision once taken. Nothing when never flagged.
 */
export function FlagNotice() {
  const { t } = useTranslation();
  const query = trpc.account.flag.useQuery();
  const [appealing, setAppealing] = useState(false);
  const flag = query.data;
  if (!flag) return null;
  const lifted = flag.decision?.decision === "lift";
  return (
    <section
      aria-labelledby="flag-notice-title"
      data-testid="flag-notice"
      className={
        lifted
          ? "space-y-2 rounded-lg border border-green-300 bg-green-50 p-4 text-sm"
          : "space-y-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm"
      }
    >
      <h2 id="flag-notice-title" className="text-base font-semibold">
        {lifted ? t("CONSOLE_FLAGS.ACCOUNT.LIFTED_TITLE") : t("CONSOLE_FLAGS.ACCOUNT.TITLE")}
      </h2>
      {!lifted && <p>{t("CONSOLE_FLAGS.ACCOUNT.BODY")}</p>}
      <p>{t("CONSOLE_FLAGS.ACCOUNT.REASON", { reason: t(`CONSOLE_FLAGS.REASON.${flag.reason}`) })}</p>
      {flag.note && <p className="whitespace-pre-wrap">{t("CONSOLE_FLAGS.ACCOUNT.NOTE", { note: flag.note })}</p>}
      <p className="text-slate-700">{t("CONSOLE_FLAGS.ACCOUNT.FLAGGED_ON", { date: formatDay(flag.flaggedAt) })}</p>
      <AppealState flag={flag} />
      {flag.canAppeal && (
        <Dialog open={appealing} onOpenChange={setAppealing}>
          <Button onClick={() => setAppealing(true)}>{t("CONSOLE_FLAGS.ACCOUNT.APPEAL")}</Button>
          <DialogContent title={t("CONSOLE_FLAGS.ACCOUNT.APPEAL_TITLE")}>
            <AppealForm onSent={() => setAppealing(false)} />
          </DialogContent>
        </Dialog>
      )}
    </section>
  );
}

function AppealState({ flag }: { flag: MyFlagView }) {
  const { t } = useTranslation();
  if (flag.decision) {
    return (
      <div className="space-y-1" data-testid="flag-decision">
        <p className="font-medium">
          {flag.decision.decision === "lift"
            ? t("CONSOLE_FLAGS.ACCOUNT.DECISION_LIFT")
            : t("CONSOLE_FLAGS.ACCOUNT.DECISION_UPHOLD")}
        </p>
        <p className="whitespace-pre-wrap">
          {t("CONSOLE_FLAGS.ACCOUNT.DECISION_REASON", { reason: flag.decision.reason })}
        </p>
      </div>
    );
  }
  if (flag.appeal) {
    return <p role="status">{t("CONSOLE_FLAGS.ACCOUNT.APPEALED", { date: formatDay(flag.appeal.at) })}</p>;
  }
  return null;
}
