import type { ChatMessageView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { formatMoment } from "../../../lib/moment-format";
import { Avatar } from "../../../ui/avatar";
import { ChatFile } from "./chat-file";
import { messageContent } from "./message-content";

/** One message: the viewer's own on the right, the other party's on the left, the application's events centred. */
export function ChatMessage({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation();
  const content = messageContent(t, message);
  const who = message.isMe ? t("CHAT.YOU") : (message.sender?.name ?? t("CHAT.SYSTEM"));
  const when = (
    <time dateTime={message.created.toISOString()} className="text-xs text-slate-500">
      {formatMoment(message.created)}
    </time>
  );

  if (content.kind === "event") {
    return (
      <li data-testid="chat-message" data-type={message.type} className="mx-auto max-w-lg text-center text-sm">
        <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-2 text-slate-800">
          <p className="font-medium">{content.headline}</p>
          {content.details.length > 0 && (
            <ul className="mt-1 space-y-0.5">
              {content.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
        <p className="mt-1">
          <span className="sr-only">{who}, </span>
          {when}
        </p>
      </li>
    );
  }

  return (
    <li
      data-testid="chat-message"
      data-type={message.type}
      className={cx("flex max-w-[85%] gap-2", message.isMe ? "ml-auto flex-row-reverse" : "mr-auto")}
    >
      <Avatar name={message.sender?.name ?? "?"} src={message.sender?.picture ?? null} className="size-8 text-xs" />
      <div className={cx("min-w-0", message.isMe && "text-right")}>
        <p className="text-xs text-slate-600">
          <span className="font-medium text-slate-800">{who}</span> {when}
        </p>
        <div
          className={cx(
            "mt-1 inline-block rounded-lg px-3 py-2 text-left text-sm",
            message.isMe ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900",
          )}
        >
          {content.kind === "text" ? (
            <p className="whitespace-pre-line break-words">{content.text}</p>
          ) : content.file ? (
            <ChatFile file={content.file} />
          ) : (
            <p className="italic">{t("CHAT.FILE_REMOVED")}</p>
          )}
        </div>
      </div>
    </li>
  );
}
