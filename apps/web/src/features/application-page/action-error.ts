import type { Reason } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";

/**
 * The message of a refused action on the page (spec section 8): every reason the server gives shows its own
 * message; a failure without one (the network, a server error) shows the action's own failure message.
 */
export function actionErrorKey(error: unknown, failureKey: ParseKeys): ParseKeys {
  const reason: Reason = reasonOf(error);
  return reason === "generic" ? failureKey : REASON_MESSAGE_KEYS[reason];
}
