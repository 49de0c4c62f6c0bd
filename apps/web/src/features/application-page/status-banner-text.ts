import type { ApplicationPageView, ApplicationStatus } from "@market/contracts";
import type { TFunction } from "i18next";
import { formatDeadline } from "../../lib/deal-format";

export interface BannerText {
  status: ApplicationStatus;
  headline: string;
  /** The reason of a decline, when the brand gave one. */
  detail: string | null;
}

type BannerView = Pick<
  ApplicationPageView,
  "role" | "status" | "deniedReason" | "expiration" | "moneyReleaseDate" | "countdown" | "refundedAt"
>;

/**
 * The status banner (spec sections 2 and 4) as each side reads it: who is expected to act, until when, and why a
 * proposal was declined. The status is the server's as read now, so an expired proposal already reads DENIED.
 */
export function statusBannerText(t: TFunction, view: BannerView): BannerText {
  const side = view.role === "brand" ? "BRAND" : "INFLUENCER";
  const banner = (headline: string, detail: string | null = null) => ({ status: view.status, headline, detail });
  switch (view.status) {
    case "WAITING":
      return banner(t(`APPLICATION_PAGE.BANNER.WAITING_${side}`, { date: formatDeadline(view.expiration) }));
    case "DENIED": {
      if (view.refundedAt) return banner(t("APPLICATION_PAGE.BANNER.REFUNDED"));
      if (view.deniedReason === "EXPIRED") {
        return banner(t("APPLICATION_PAGE.BANNER.EXPIRED", { date: formatDeadline(view.expiration) }));
      }
      const reason =
        view.deniedReason && view.deniedReason !== "NO_REASON"
          ? t("APPLICATION_PAGE.BANNER.REASON", { reason: t(`APPLICATION_PAGE.DENIED_REASON.${view.deniedReason}`) })
          : null;
      return banner(t(`APPLICATION_PAGE.BANNER.DENIED_${side}`), reason);
    }
    case "PROGRESS":
      if (view.countdown?.state === "paused") return banner(t("APPLICATION_PAGE.BANNER.PAUSED"));
      return view.moneyReleaseDate
        ? banner(t("APPLICATION_PAGE.BANNER.WORK_DONE", { date: formatDeadline(view.moneyReleaseDate) }))
        : banner(t(`APPLICATION_PAGE.BANNER.PROGRESS_${side}`));
    case "COMPLETE":
      return banner(t("APPLICATION_PAGE.BANNER.COMPLETE"));
  }
}
