import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { useLinkErrorMessage } from "../../../ui/networks/use-link-error-message";
import type { LinkOutcome } from "./link-outcome";

/** What a linking flow came back with: spec section 8's message for an error, or what was linked or refreshed. */
export function OutcomeNotice({ outcome, onDismiss }: { outcome: LinkOutcome; onDismiss: () => void }) {
  const { t } = useTranslation();
  const linkErrorMessage = useLinkErrorMessage();
  const error = outcome.kind === "error";
  const message =
    outcome.kind === "error"
      ? linkErrorMessage(outcome.error)
      : t(outcome.kind === "linked" ? "NETWORKS.LINKED" : "NETWORKS.REFRESHED", {
          network: t(`NETWORK.${outcome.type}`),
        });
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid="link-outcome"
      className={
        error
          ? "flex items-start justify-between gap-4 rounded-md border border-red-200 bg-red-50 p-4 text-red-900"
          : "flex items-start justify-between gap-4 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
      }
    >
      <p>{message}</p>
      <Button variant="ghost" onClick={onDismiss}>
        {t("NETWORKS.DISMISS")}
      </Button>
    </div>
  );
}
