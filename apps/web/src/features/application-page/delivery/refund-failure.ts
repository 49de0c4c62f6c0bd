import type { ParseKeys } from "i18next";
import { actionErrorKey } from "../../../lib/application-action-error";
import { reasonOf } from "../../../lib/reasons";

/**
 * What the admin reads when a refund did not go through: the provider refused it (nothing changed), the provider
 * could not be reached (nothing refunded, the hire stays on hold until the admin refunds again), or the refusal
 * of the action as any other on the application.
 */
export function refundFailureKey(error: unknown): ParseKeys {
  switch (reasonOf(error)) {
    case "payment_failed":
      return "ADMIN_APPLICATION.REFUND_FAILED";
    case "payment_unavailable":
      return "ADMIN_APPLICATION.REFUND_UNAVAILABLE";
    default:
      return actionErrorKey(error, "GLOBAL.GENERIC_ERROR");
  }
}
