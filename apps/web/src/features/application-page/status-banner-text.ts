import { type ApplicationPageView, type ApplicationState, applicationState } from "@market/contracts";
import type { TFunction } from "i18next";
import { formatDeadline } from "../../lib/deal-format";
import { refundFigures } from "../../lib/refund-format";

export interface BannerText {
  /** What the application reads as (contracts' applicationState): a refunded hire is never "declined". */
  state: ApplicationState;
  headline: string;
  /** The reason of a decline, when the brand gave one. */
  detail: string | null;
}

type BannerView = Pick<
  ApplicationPageView,
  "role" | "status" | "deniedReason" | "expiration" | "moneyReleaseDate" | "countdown" | "refund"
>;

/**
 * The status banner (spec sections 2 and 4) as each side reads it: who is expected to act, until when, why a
 * proposal was declined, and when a refunded hire was refunded and for how much. The status is the server's as read
 * now, so an expired proposal already reads DENIED.
 */
export function statusBannerText(t: TFunction, view: BannerView): BannerText {
  const side = view.role === "brand" ? "BRAND" : "INFLUENCER";
  const state = applicationState(view);
  const banner = (headline: string, detail: string | null = null) => ({ state, headline, detail });
  switch (state) {
    case "WAITING":
      return banner(t(`APPLICATION_PAGE.BANNER.WAITING_${side}`, { date: formatDeadline(view.expiration) }));
    case "REFUNDED":
      return banner(t(`APPLICATION_PAGE.BANNER.REFUNDED_${side}`, view.refund ? refundFigures(view.refund) : {}));
    case "EXPIRED":
      return banner(t("APPLICATION_PAGE.BANNER.EXPIRED", { date: formatDeadline(view.expiration) }));
    case "DECLINED": {
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
