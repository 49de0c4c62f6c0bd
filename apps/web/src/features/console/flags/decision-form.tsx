import type { FlagDecision, FlagDetailView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { toast } from "../../../ui/toast-store";
import { ReasonDialog } from "../shell/reason-dialog";

/**
 * The decision on an appeal: keep or lift the flag. Either button opens the console's reason dialog, which names the
 * consequence and asks the reason the influencer reads before anything is sent.
 */
export function DecisionForm({ flag }: { flag: FlagDetailView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [decision, setDecision] = useState<FlagDecision | null>(null);
  const decide = trpc.admin.console.flags.decide.useMutation({
    onSuccess: () => {
      toast.success(t("CONSOLE_FLAGS.DECIDED_TOAST"));
      void utils.admin.console.flags.invalidate();
    },
  });
  const username = flag.influencer.username;
  const lift = decision === "lift";

  return (
    <section aria-labelledby="decision-legend" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 id="decision-legend" className="font-semibold">
        {t("CONSOLE_FLAGS.DECISION_LEGEND")}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setDecision("lift")}>{t("CONSOLE_FLAGS.LIFT")}</Button>
        <Button variant="secondary" onClick={() => setDecision("uphold")}>
          {t("CONSOLE_FLAGS.UPHOLD")}
        </Button>
      </div>
      <ReasonDialog
        open={decision !== null}
        onClose={() => setDecision(null)}
        title={t(lift ? "CONSOLE_FLAGS.CONFIRM_LIFT_TITLE" : "CONSOLE_FLAGS.CONFIRM_UPHOLD_TITLE", { username })}
        intro={t(lift ? "CONSOLE_FLAGS.CONFIRM_LIFT_TEXT" : "CONSOLE_FLAGS.CONFIRM_UPHOLD_TEXT", { username })}
        reason={{ label: t("CONSOLE_FLAGS.DECISION_REASON"), hint: t("CONSOLE_FLAGS.DECISION_REASON_HINT") }}
        submit={t(lift ? "CONSOLE_FLAGS.LIFT" : "CONSOLE_FLAGS.UPHOLD")}
        onConfirm={(reason) =>
          decision ? decide.mutateAsync({ flagId: flag.id, decision, reason }) : Promise.resolve()
        }
      />
    </section>
  );
}
