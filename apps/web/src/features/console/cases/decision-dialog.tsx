import type { CaseDecision, CaseView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { toast } from "../../../ui/toast-store";
import { ReasonDialog } from "../shell/reason-dialog";

const DECISION_KEY = {
  release: "RELEASE",
  refund: "REFUND",
  close: "CLOSE",
} as const satisfies Record<CaseDecision, string>;

/**
 * A decision on a case, confirmed: the admin reads what the decision does and writes the reason both parties will
 * read (in the chat and by mail). The server's refusal (decided meanwhile, the provider down) is said in the dialog,
 * which stays open, and a stale case is reloaded behind it.
 */
export function DecisionDialog({
  view,
  decision,
  onClose,
}: {
  view: CaseView;
  decision: CaseDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const key = DECISION_KEY[decision];
  const decide = trpc.admin.console.cases.decide.useMutation({
    onSuccess: (next) => {
      utils.admin.console.cases.get.setData({ applicationId: view.applicationId }, next);
      void utils.admin.console.cases.list.invalidate();
      toast.success(t(`CONSOLE_CASES.DONE_${key}`));
    },
    onError: (cause) => {
      const why = reasonOf(cause);
      if (why === "conflict" || why === "closed") void utils.admin.console.cases.get.invalidate();
    },
  });
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t(`CONSOLE_CASES.CONFIRM_${key}_TITLE`)}
      intro={t(`CONSOLE_CASES.CONFIRM_${key}_TEXT`, {
        brand: view.brand.username,
        influencer: view.influencer.username,
      })}
      reason={{ label: t("CONSOLE_CASES.REASON"), hint: t("CONSOLE_CASES.REASON_HINT") }}
      submit={t(`CONSOLE_CASES.CONFIRM_${key}`)}
      onConfirm={(reason) => decide.mutateAsync({ applicationId: view.applicationId, decision, reason })}
      failureOf={(cause) => {
        const why = reasonOf(cause);
        return why === "generic" ? t("CONSOLE_CASES.DECISION_FAILED") : t(REASON_MESSAGE_KEYS[why]);
      }}
    />
  );
}
