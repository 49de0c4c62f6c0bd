import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, formatUsd } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { reasonOf } from "../../../lib/reasons";
import { ReasonDialog } from "../shell/reason-dialog";

export type PayoutAction = "retry" | "markFailed";

/** The payout an action concerns, as the dialog names it. */
export interface ActionTarget {
  id: number;
  amountCents: number;
  username: string;
  state: "failed" | "held" | "stuck";
}

export interface PayoutActionDialogProps {
  action: PayoutAction;
  target: ActionTarget | null;
  onClose: () => void;
  /** Does the action; rejects with the server's error. */
  onConfirm: (reason: string) => Promise<unknown>;
}

const ERROR_KEYS: Partial<Record<ReturnType<typeof reasonOf>, ParseKeys>> = {
  conflict: "CONSOLE_PAYOUTS.ERROR_CONFLICT",
  not_enough_earnings: "CONSOLE_PAYOUTS.ERROR_BALANCE",
  not_found: "CONSOLE_PAYOUTS.ERROR_NOT_FOUND",
};

function explanationKey(action: PayoutAction, state: ActionTarget["state"]): ParseKeys {
  if (action === "markFailed") return "CONSOLE_PAYOUTS.FAIL_EXPLAIN";
  return state === "failed" ? "CONSOLE_PAYOUTS.RETRY_EXPLAIN_FAILED" : "CONSOLE_PAYOUTS.RETRY_EXPLAIN_REPOLL";
}

/**
 * The confirmation of a payout action (issue 36, point 2): what it will do, in words, and the operator's reason,
 * which the audit log keeps and, for Mark failed, the influencer reads.
 */
export function PayoutActionDialog({ action, target, onClose, onConfirm }: PayoutActionDialogProps) {
  const { t } = useTranslation();
  const retry = action === "retry";
  return (
    <ReasonDialog
      open={target !== null}
      onClose={onClose}
      title={retry ? t("CONSOLE_PAYOUTS.RETRY_TITLE") : t("CONSOLE_PAYOUTS.FAIL_TITLE")}
      intro={
        target &&
        t(explanationKey(action, target.state), {
          id: target.id,
          amount: formatUsd(target.amountCents),
          username: target.username,
        })
      }
      reason={{
        label: retry ? t("CONSOLE_PAYOUTS.REASON") : t("CONSOLE_PAYOUTS.REASON_FOR_INFLUENCER"),
        hint: t("CONSOLE_PAYOUTS.REASON_HINT", { min: ADMIN_REASON_MIN, max: ADMIN_REASON_MAX }),
      }}
      submit={retry ? t("CONSOLE_PAYOUTS.CONFIRM_RETRY") : t("CONSOLE_PAYOUTS.CONFIRM_FAIL")}
      onConfirm={onConfirm}
      failureOf={(failure) => t(ERROR_KEYS[reasonOf(failure)] ?? "CONSOLE_PAYOUTS.ERROR_GENERIC")}
    />
  );
}
