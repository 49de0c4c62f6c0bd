import type { Viewer } from "../../viewer";
import { applyAction } from "../applications/lifecycle/apply-action";
import { throttle } from "../auth/rate-limit";
import { mailArbitration, storeArbitrationRequest } from "./arbitration-request";
import type { AskForHelpDeps } from "./ask-for-help";

/**
 * POST /api/applications/{id}/help (spec section 4: either party may request arbitration, in any status), as the
 * lifecycle table's arbitration action under the row lock: the request is stored with the application
 * (arbitration_requests), shown in the chat as a system line (a chat disabled by the DENIED rule included: the
 * line is the platform's, not a message) with the other party notified (an arbitration notification, the table's
 * "otherParty"), and its mail to the support mailbox queued in the same transaction. The case stays open until an
 * admin closes it, and a running release countdown pauses meanwhile (the table's pauseForArbitration). Help questions
 * and arbitration requests share one throttle, as both reach a human mailbox. A failed delivery never fails the
 * request: the mail job retries it, and the mail stays in outgoing_mail with its error.
 * Reasons: not_found (not a party), rate_limited.
 */
export async function requestArbitration(
  deps: AskForHelpDeps,
  viewer: Viewer,
  input: { id: number; text: string },
): Promise<{ id: number }> {
  await throttle(deps, [["helpPerUser", String(viewer.userId)]]);
  const request = await applyAction(
    deps,
    viewer,
    input.id,
    "arbitration",
    async ({ tx, application, role, now, postMessage }) => {
      const stored = await storeArbitrationRequest(tx, {
        application,
        asker: viewer,
        role,
        kind: "help",
        text: input.text,
        now,
      });
      await postMessage({});
      await mailArbitration(deps, tx, stored, input.text);
      return stored;
    },
  );
  return { id: request.requestId };
}
