import type { Reason } from "@market/contracts";
import type { ParseKeys } from "i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "./reasons";

/**
 * Where the shared message of a reason reads wrong for an action on an application (the lifecycle table's
 * refusals): `closed` means the application has left the status the action needs (declined in another tab, say),
 * not the deal's deadline; `expired` is the proposal's expiration, not the deal's; `not_allowed_yet` is the
 * application's stage, not the feedback's delay.
 */
const APPLICATION_REASON_KEYS: Partial<Record<Reason, ParseKeys>> = {
  closed: "APPLICATION.ERROR_CLOSED",
  expired: "APPLICATION.ERROR_EXPIRED",
  not_allowed_yet: "APPLICATION.ERROR_NOT_YET",
};

/**
 * The message of a refused action on the application page and its dialogs (spec section 8): every reason the
 * server gives shows its own message; a failure without one (the network, a server error) shows the action's own
 * failure message.
 */
export function actionErrorKey(error: unknown, failureKey: ParseKeys): ParseKeys {
  const reason: Reason = reasonOf(error);
  if (reason === "generic") return failureKey;
  return APPLICATION_REASON_KEYS[reason] ?? REASON_MESSAGE_KEYS[reason];
}
