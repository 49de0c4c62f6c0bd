import { type AlertLog, alertOperator } from "../../operator-alert";
import type { BioProfileReader } from "./providers/ports";

/** The alert's name in the log: the Instagram reader's token needs the operator. */
export const INSTAGRAM_TOKEN_ALERT = "instagram-token";

/**
 * Checks the Instagram reader's own token on every cleanup sweep (issue 35: the token must last, and the operator
 * hear when it will not or when that cannot be known): an operator alert when it no longer works, runs out within
 * two weeks, or cannot be checked; nothing when it is fine. A sandbox reader has no token. Resolves to the number
 * of alerts raised (0 or 1).
 */
export async function checkInstagramToken(reader: BioProfileReader, log?: AlertLog): Promise<number> {
  if (!reader.checkToken) return 0;
  const check = await reader.checkToken();
  switch (check.state) {
    case "ok":
      return 0;
    case "expiring":
      alertOperator(
        log,
        INSTAGRAM_TOKEN_ALERT,
        { expiresAt: check.expiresAt.toISOString() },
        "INSTAGRAM_ACCESS_TOKEN runs out soon: replace it with a system user's non-expiring token",
      );
      return 1;
    case "invalid":
      alertOperator(
        log,
        INSTAGRAM_TOKEN_ALERT,
        { reason: check.reason },
        "INSTAGRAM_ACCESS_TOKEN no longer works: Instagram codes cannot be verified until it is replaced",
      );
      return 1;
    case "unchecked":
      alertOperator(
        log,
        INSTAGRAM_TOKEN_ALERT,
        { reason: check.reason },
        "INSTAGRAM_ACCESS_TOKEN could not be checked: whether it still works is unknown",
      );
      return 1;
  }
}
