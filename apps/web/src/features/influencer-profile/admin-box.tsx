import type { InfluencerProfileView } from "@market/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast-store";
import { CONFIRM_RESET_MS, INITIAL_COUNTER, press, remainingClicks } from "./confirm-clicks";

/** The impersonating admin's box (spec section 2): email, login-as link, FAKE/GOOD status, OK/KO in 3 clicks. */
export function AdminBox({ profile }: { profile: InfluencerProfileView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [counter, setCounter] = useState(INITIAL_COUNTER);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const status = profile.maybeFake ? "FAKE" : "GOOD";
  const decision = profile.maybeFake ? "OK" : "KO";
  const flag = trpc.admin.flagInfluencer.useMutation({
    onSuccess: (result) => {
      toast.success(t("INFLUENCER.ADMIN.FLAGGED", { status: result.status }));
      void utils.influencers.get.invalidate();
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  const click = () => {
    clearTimeout(timer.current);
    const step = press(counter);
    setCounter(step.counter);
    if (step.confirmed) flag.mutate({ id: profile.id, decision });
    else timer.current = setTimeout(() => setCounter(INITIAL_COUNTER), CONFIRM_RESET_MS);
  };
  const remaining = remainingClicks(counter);
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
      <Button
        variant="secondary"
        onClick={click}
        disabled={flag.isPending}
        aria-busy={flag.isPending}
        aria-describedby="admin-clicks-left"
      >
        {decision === "OK" ? t("INFLUENCER.ADMIN.MARK_OK") : t("INFLUENCER.ADMIN.MARK_KO")}
      </Button>
      <p id="admin-clicks-left" aria-live="polite" data-testid="admin-clicks-left">
        {t("INFLUENCER.ADMIN.CLICKS_LEFT", { count: remaining })}
      </p>
    </aside>
  );
}
