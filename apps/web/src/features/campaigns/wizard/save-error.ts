import type { Reason } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { REASON_MESSAGE_KEYS } from "../../../lib/reasons";

/**
 * The toast of a failed launch (spec section 8): NEW_CAMPAIGN.ERROR on create, NEW_CAMPAIGN.ERROR_EDIT on edit,
 * unless the server gave a reason with a message of its own (session ended, campaign gone, too many attempts...).
 */
export function saveErrorKey(reason: Reason, mode: "create" | "update"): ParseKeys {
  if (reason === "generic" || reason === "invalid" || reason === "csrf") {
    return mode === "create" ? "NEW_CAMPAIGN.ERROR" : "NEW_CAMPAIGN.ERROR_EDIT";
  }
  return REASON_MESSAGE_KEYS[reason];
}
