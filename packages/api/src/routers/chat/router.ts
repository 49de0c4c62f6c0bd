import { getChatPageInput, requestArbitrationInput, sendChatMessageInput } from "@market/contracts";
import { getChatPage } from "../../services/chat/get-chat-page";
import { sendChatMessage } from "../../services/chat/send-chat-message";
import { requestArbitration } from "../../services/support/request-arbitration";
import { router, signedInProcedure } from "../../trpc";

/**
 * The chat of an application (spec sections 2 to 6), for its two parties only; anyone else gets not_found. Files
 * arrive through the multipart route POST /api/applications/{id}/file, outside tRPC.
 */
export const chatRouter = router({
  /** GET /api/applications/{id}/messages?before=: newest first, a page at a time. */
  page: signedInProcedure.input(getChatPageInput).query(({ ctx, input }) => getChatPage(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/messages: a text message. */
  send: signedInProcedure
    .input(sendChatMessageInput)
    .mutation(({ ctx, input }) => sendChatMessage(ctx, ctx.viewer, input)),
  /** POST /api/applications/{id}/help: arbitration, mailed to support and shown in the chat. */
  requestArbitration: signedInProcedure
    .input(requestArbitrationInput)
    .mutation(({ ctx, input }) => requestArbitration(ctx, ctx.viewer, input)),
});
