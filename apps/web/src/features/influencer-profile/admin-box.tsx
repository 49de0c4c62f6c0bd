import { FLAG_NOTE_MAX, FLAG_REASONS, type FlagReason, type InfluencerProfileView } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { ConfirmClicksButton } from "../../ui/confirm-clicks-button";
import { INPUT_CLASS } from "../../ui/form-fields";
import { toast } from "../../ui/toast-store";

/**
 * The impersonating admin's box (spec section 2): email, login-as link, FAKE/GOOD status, OK/KO in 3 clicks. KO asks
 * for the flag's reason and an optional note first (issue 36): the influencer is told both.
 */
export function AdminBox({ profile }: { profile: InfluencerProfileView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const status = profile.maybeFake ? "FAKE" : "GOOD";
  const decision = profile.maybeFake ? "OK" : "KO";
  const [reason, setReason] = useState<FlagReason>("fake_followers");
  const [note, setNote] = useState("");
  const flag = trpc.admin.flagInfluencer.useMutation({
    onSuccess: (result) => {
      toast.success(t("INFLUENCER.ADMIN.FLAGGED", { status: result.status }));
      void utils.influencers.get.invalidate();
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  return (
    <aside
      aria-labelledby="admin-box-title"
      data-testid="admin-box"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="admin-box-title" className="font-semibold">
        {t("INFLUENCER.ADMIN.TITLE")}
      </h2>
      <p>
        {t("INFLUENCER.ADMIN.EMAIL")}: <span className="font-medium">{profile.email ?? "—"}</span>
      </p>
      <p>
        <a href={`/admin/login?u=i&id=${profile.id}`} className="text-brand-800 underline">
          {t("INFLUENCER.ADMIN.LOGIN_AS")}
        </a>
      </p>
      <p>
        {t("INFLUENCER.ADMIN.STATUS")}:{" "}
        <span className="font-semibold" data-testid="admin-status">
          {status}
        </span>
      </p>
      {decision === "KO" && (
        <div className="space-y-2">
          <label className="block">
            <span className="font-medium">{t("CONSOLE_FLAGS.ADMIN_BOX.REASON")}</span>
            <select
              className={INPUT_CLASS}
              value={reason}
              onChange={(event) => setReason(event.target.value as FlagReason)}
              data-testid="admin-flag-reason"
            >
              {FLAG_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`CONSOLE_FLAGS.REASON.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="block">
            <span className="font-medium">{t("CONSOLE_FLAGS.ADMIN_BOX.NOTE")}</span>
            <input
              className={INPUT_CLASS}
              value={note}
              maxLength={FLAG_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              data-testid="admin-flag-note"
            />
          </label>
        </div>
      )}
      <ConfirmClicksButton
        variant="secondary"
        onConfirm={() =>
          flag.mutate(
            decision === "KO" ? { id: profile.id, decision, reason, note: note.trim() } : { id: profile.id, decision },
          )
        }
        busy={flag.isPending}
        testId="admin"
      >
        {decision === "OK" ? t("INFLUENCER.ADMIN.MARK_OK") : t("INFLUENCER.ADMIN.MARK_KO")}
      </ConfirmClicksButton>
    </aside>
  );
}
