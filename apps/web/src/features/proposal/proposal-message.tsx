import { useTranslation } from "react-i18next";
import type { ProposalMessage } from "./proposal-check";

/** Turns a message of the checks (an en.json key, or a server issue's words) into text. */
export function useMessageText() {
  const { t } = useTranslation();
  return (message: ProposalMessage): string =>
    "text" in message ? message.text : t(message.key, message.values ?? {});
}

/** A field's message, referenced by the field's aria-describedby. */
export function FieldMessageText({ id, message }: { id: string; message: ProposalMessage | undefined }) {
  const text = useMessageText();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {text(message)}
    </p>
  );
}

/** aria-describedby of a control from its optional hint and message ids (undefined when neither shows). */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}
