import {
  BIO_CODE_VALIDITY_MS,
  type InstagramCode,
  instagramCodeInput,
  instagramVerifyPath,
  MINUTE_MS,
  SANDBOX_BIOS_PATH,
} from "@market/contracts";
import type { ParseKeys } from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { INPUT_CLASS } from "../../../ui/form-fields";
import { codeDeadline, formatCountdown } from "./bio-code-countdown";
import { useCountdown } from "./use-countdown";

interface InstagramCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page to come back to after the verification (the tab's `next`), carried through the flow. */
  next: string | null;
  /** The Instagram reader is the built-in sandbox: its bios are set on the server's sandbox page, not Instagram. */
  sandbox: boolean;
}

/**
 * The code verification modal of the Instagram-type network (spec sections 2 and 4): the influencer gives their
 * username, gets a code, puts it in their bio within 5 minutes, then verifies. Verify is a full navigation to
 * /auth/instagram/verify, which reads the bio and comes back to the networks tab with the result.
 */
export function InstagramCodeDialog({ open, onOpenChange, next, sandbox }: InstagramCodeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("NETWORKS.INSTAGRAM.TITLE")}>
        {open && <InstagramCodeFlow next={next} sandbox={sandbox} />}
      </DialogContent>
    </Dialog>
  );
}

interface IssuedCode {
  code: InstagramCode;
  /** Browser-clock time the countdown ends (see bio-code-countdown.ts). */
  deadline: number;
}

function InstagramCodeFlow({ next, sandbox }: { next: string | null; sandbox: boolean }) {
  const [username, setUsername] = useState("");
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const request = trpc.networks.instagramCode.useMutation();

  /** Asks for a code; throws the server's failure for the form to show. */
  const ask = async (name: string) => {
    const requestedAt = Date.now();
    const code = await request.mutateAsync({ username: name });
    setIssued({ code, deadline: codeDeadline(requestedAt) });
  };

  if (!issued) {
    return <UsernameForm username={username} onUsernameChange={setUsername} pending={request.isPending} onAsk={ask} />;
  }
  return (
    <CodeStep
      key={issued.code.code}
      issued={issued}
      next={next}
      sandbox={sandbox}
      pending={request.isPending}
      onNewCode={() => ask(issued.code.username)}
      onOtherUsername={() => setIssued(null)}
    />
  );
}

interface UsernameFormProps {
  username: string;
  onUsernameChange: (username: string) => void;
  pending: boolean;
  onAsk: (username: string) => Promise<void>;
}

function UsernameForm({ username, onUsernameChange, pending, onAsk }: UsernameFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<ParseKeys | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = instagramCodeInput.safeParse({ username });
    if (!parsed.success) {
      setError(username.trim() === "" ? "NETWORKS.INSTAGRAM.USERNAME_REQUIRED" : "NETWORKS.INSTAGRAM.USERNAME_INVALID");
      document.getElementById(`${id}-username`)?.focus();
      return;
    }
    setError(null);
    try {
      await onAsk(parsed.data.username);
    } catch (failure) {
      const reason = reasonOf(failure);
      setError(reason === "invalid" ? "NETWORKS.INSTAGRAM.USERNAME_INVALID" : REASON_MESSAGE_KEYS[reason]);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t("NETWORKS.INSTAGRAM.INTRO")}</p>
      <div>
        <label htmlFor={`${id}-username`} className="block text-sm font-medium text-slate-800">
          {t("NETWORKS.INSTAGRAM.USERNAME")}
        </label>
        <input
          id={`${id}-username`}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@username"
          className={INPUT_CLASS}
          value={username}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onUsernameChange(event.target.value)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {t(error)}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {t("NETWORKS.INSTAGRAM.GET_CODE")}
        </Button>
      </div>
    </form>
  );
}

interface CodeStepProps {
  issued: IssuedCode;
  next: string | null;
  sandbox: boolean;
  pending: boolean;
  onNewCode: () => Promise<void>;
  onOtherUsername: () => void;
}

function CodeStep({ issued, next, sandbox, pending, onNewCode, onOtherUsername }: CodeStepProps) {
  const { t } = useTranslation();
  const left = useCountdown(issued.deadline);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const [error, setError] = useState<ParseKeys | null>(null);
  const { code, username } = issued.code;
  const expired = left === 0;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };

  const newCode = async () => {
    setError(null);
    try {
      await onNewCode();
    } catch (failure) {
      setError(REASON_MESSAGE_KEYS[reasonOf(failure)]);
    }
  };

  return (
    <div className="space-y-4">
      <p>{t("NETWORKS.INSTAGRAM.CODE_FOR", { username })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <output
          data-testid="bio-code"
          aria-label={t("NETWORKS.INSTAGRAM.CODE_LABEL")}
          className="rounded-md border border-slate-300 bg-slate-50 px-4 py-2 font-mono text-2xl tracking-widest select-all"
        >
          {code}
        </output>
        <Button variant="secondary" onClick={() => void copy()}>
          {t("NETWORKS.INSTAGRAM.COPY")}
        </Button>
        <span role="status" className="text-sm text-slate-700">
          {copied === "yes" && t("NETWORKS.INSTAGRAM.COPIED")}
          {copied === "failed" && t("NETWORKS.INSTAGRAM.COPY_FAILED")}
        </span>
      </div>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800">
        <li>{t("NETWORKS.INSTAGRAM.STEP_COPY")}</li>
        <li>{t("NETWORKS.INSTAGRAM.STEP_BIO")}</li>
        <li>{t("NETWORKS.INSTAGRAM.STEP_VERIFY", { minutes: BIO_CODE_VALIDITY_MS / MINUTE_MS })}</li>
      </ol>
      {sandbox && (
        <p className="text-sm text-slate-600">
          {t("NETWORKS.INSTAGRAM.SANDBOX")}{" "}
          <a href={SANDBOX_BIOS_PATH} target="_blank" rel="noopener" className="text-brand-800 underline">
            {t("NETWORKS.INSTAGRAM.SANDBOX_LINK")}
            <span className="sr-only"> {t("INFLUENCER.PROFILE.OPENS_NEW_TAB")}</span>
          </a>
        </p>
      )}
      {expired ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("NETWORKS.INSTAGRAM.EXPIRED")}
        </p>
      ) : (
        <p className="text-sm">
          {t("NETWORKS.INSTAGRAM.TIME_LEFT")}{" "}
          <span role="timer" data-testid="bio-code-countdown" className="font-mono font-semibold tabular-nums">
            {formatCountdown(left)}
          </span>
        </p>
      )}
      <div role="alert">
        {error && <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{t(error)}</p>}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onOtherUsername}>
          {t("NETWORKS.INSTAGRAM.OTHER_USERNAME")}
        </Button>
        {expired ? (
          <Button onClick={() => void newCode()} disabled={pending} aria-busy={pending}>
            {t("NETWORKS.INSTAGRAM.NEW_CODE")}
          </Button>
        ) : (
          // A full navigation: the server reads the bio and redirects back to the networks tab with the outcome.
          <Button asChild>
            <a href={instagramVerifyPath(username, next ?? undefined)}>{t("NETWORKS.INSTAGRAM.VERIFY")}</a>
          </Button>
        )}
      </div>
    </div>
  );
}
