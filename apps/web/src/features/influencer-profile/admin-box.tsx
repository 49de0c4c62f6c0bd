import type { InfluencerProfileView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { ConfirmClicksButton } from "../../ui/confirm-clicks-button";
import { toast } from "../../ui/toast-store";

/** The impersonating admin's box (spec section 2): email, login-as link, FAKE/GOOD status, OK/KO in 3 clicks. */
export function AdminBox({ profile }: { profile: InfluencerProfileView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const status = profile.maybeFake ? "FAKE" : "GOOD";
  const decision = profile.maybeFake ? "OK" : "KO";
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
      <ConfirmClicksButton
        variant="secondary"
        onConfirm={() => flag.mutate({ id: profile.id, decision })}
        busy={flag.isPending}
        testId="admin"
      >
        {decision === "OK" ? t("INFLUENCER.ADMIN.MARK_OK") : t("INFLUENCER.ADMIN.MARK_KO")}
      </ConfirmClicksButton>
    </aside>
  );
}
