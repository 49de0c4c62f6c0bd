import { type ApplicationPageView, applicationState } from "@market/contracts";
import type { TFunction } from "i18next";
import { refundFigures } from "../../../lib/refund-format";

/**
 * What a closed chat says where the composer was (spec section 4: DENIED with few messages), by the state the
 * person reads on every screen (contracts' applicationState): a refunded hire closes on who refunded what, an
 * expired proposal on its expiry, never on "declined", which is left to a brand's actual decline.
 */
export function closingLine(t: TFunction, view: ApplicationPageView): string {
  switch (applicationState(view)) {
    case "REFUNDED":
      if (!view.refund) return t("APPLICATION.CHAT_DISABLED");
      // The brand is spoken to: the platform refunded it, "to you".
      return t(
        view.role === "brand" ? "APPLICATION.CHAT_REFUNDED_BRAND" : "APPLICATION.CHAT_REFUNDED",
        refundFigures(view.refund),
      );
    case "EXPIRED":
      return t("APPLICATION.CHAT_EXPIRED");
    default:
      return t("APPLICATION.CHAT_DISABLED");
  }
}
