import {
  DEFAULT_FEE_PERCENT,
  formatUsd,
  type InfluencerProfileNetwork,
  type OwnApplicationSummary,
  PROPOSAL_TEXT_MAX,
  type ProposalResult,
} from "@market/contracts";
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { firstSelectableDay, toDateInputValue } from "../../lib/deadline";
import { formatPercent } from "../../lib/percent-format";
import { reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { INPUT_CLASS } from "../../ui/form-fields";
import { toast } from "../../ui/toast-store";
import { checkProposal, type ProposalErrors, type ProposalRequest } from "./proposal-check";
import { initialProposalValues, type LineValues, type ProposalFormValues, type ProposalLine } from "./proposal-lines";
import { describedBy, FieldMessageText, useMessageText } from "./proposal-message";
import { recheckProposal } from "./proposal-recheck";
import { ManageNetworksLink, ProposalTable } from "./proposal-table";
import { formatCount, proposalTotals } from "./proposal-totals";
import { issuesOf, proposalServerErrors } from "./server-errors";

interface ProposalFormProps {
  dealId: number;
  /** The campaign's deadline, when known: a new proposal's default expiration is not after it. */
  dealDeadline: Date | null;
  application: OwnApplicationSummary | null;
  lines: readonly ProposalLine[];
  nonApplied: readonly InfluencerProfileNetwork[];
  onClose: () => void;
  onSaved: (result: ProposalResult) => void;
}

const NO_ERRORS: ProposalErrors = { lines: {} };

/**
 * The proposal form (spec sections 2 and 5): the table of prices, the message (new mode), the expiration and the
 * totals. Submitting checks everything first; a refused send keeps what was typed and marks the fields, and from
 * then on each edit re-checks the fields it bears on (proposal-recheck.ts), so the marks follow what is typed.
 */
export function ProposalForm({
  dealId,
  dealDeadline,
  application,
  lines,
  nonApplied,
  onClose,
  onSaved,
}: ProposalFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const id = useId();
  const [opened] = useState(() => new Date());
  const [values, setValues] = useState<ProposalFormValues>(() =>
    initialProposalValues(lines, application, opened, dealDeadline),
  );
  const [errors, setErrors] = useState<ProposalErrors>(NO_ERRORS);
  // Bumped by each refused submit, so that focus moves to the first marked field even when the marks are the same.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const create = trpc.applications.create.useMutation();
  const update = trpc.applications.update.useMutation();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (refusals === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summaryRef.current)?.focus();
  }, [refusals]);

  const refuse = (next: ProposalErrors) => {
    setErrors(next);
    setRefusals((count) => count + 1);
  };

  const send = (request: ProposalRequest) => {
    const sentNetworkIds = request.input.prices.map((price) => price.networkId);
    const callbacks = {
      onSuccess: (result: ProposalResult) => {
        toast.success(t(request.kind === "create" ? "PROPOSAL_MODAL.SUCCESS_NEW" : "PROPOSAL_MODAL.SUCCESS_UPDATE"));
        onClose();
        onSaved(result);
      },
      onError: (error: unknown) =>
        refuse(proposalServerErrors(reasonOf(error), issuesOf(error), sentNetworkIds, request.kind)),
    };
    if (request.kind === "create") create.mutate(request.input, callbacks);
    else update.mutate(request.input, callbacks);
  };

  const context = { dealId, application, lines };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkProposal(context, values, new Date());
    if (!checked.ok) return refuse(checked.errors);
    setErrors(NO_ERRORS);
    send(checked.request);
  };

  // Before the first refused submit nothing is checked while typing; after it, each edit re-checks what it touches.
  const edit = (next: ProposalFormValues) => {
    setValues(next);
    if (refusals > 0) setErrors(recheckProposal(context, values, next, errors, new Date()));
  };
  const setLine = (networkId: number, line: LineValues) =>
    edit({ ...values, lines: { ...values.lines, [networkId]: line } });

  const totals = proposalTotals(lines, values, DEFAULT_FEE_PERCENT);
  const ids = {
    textHint: `${id}-text-hint`,
    textError: `${id}-text-error`,
    expirationHint: `${id}-expiration-hint`,
    expirationError: `${id}-expiration-error`,
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <ErrorSummary errors={errors} summaryRef={summaryRef} messageText={messageText} />
      <p className="text-sm text-slate-600">
        {t(application ? "PROPOSAL_MODAL.INTRO_UPDATE" : "PROPOSAL_MODAL.INTRO_NEW")}
      </p>

      <div className="overflow-x-auto">
        <ProposalTable
          lines={lines}
          values={values.lines}
          errors={errors.lines}
          onChange={setLine}
          onNavigate={onClose}
        />
      </div>
      {nonApplied.length > 0 && (
        <p className="text-sm text-slate-500" data-testid="proposal-not-asked">
          {t("PROPOSAL_MODAL.NOT_ASKED", {
            networks: nonApplied.map((network) => `${t(`NETWORK.${network.type}`)} (${network.title})`).join(", "),
          })}
        </p>
      )}

      {!application && (
        <div>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
            {t("PROPOSAL_MODAL.MESSAGE_LABEL")}
          </label>
          <textarea
            id={`${id}-text`}
            rows={4}
            className={INPUT_CLASS}
            value={values.text}
            maxLength={PROPOSAL_TEXT_MAX}
            onChange={(event) => edit({ ...values, text: event.target.value })}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={describedBy(ids.textHint, errors.text && ids.textError)}
          />
          <p id={ids.textHint} className="mt-1 text-sm text-slate-600">
            {t("PROPOSAL_MODAL.MESSAGE_HINT", { max: formatCount(PROPOSAL_TEXT_MAX) })}
          </p>
          <FieldMessageText id={ids.textError} message={errors.text} />
        </div>
      )}

      <div>
        <label htmlFor={`${id}-expiration`} className="block text-sm font-medium text-slate-800">
          {t("PROPOSAL_MODAL.EXPIRATION_LABEL")}
        </label>
        <input
          id={`${id}-expiration`}
          type="date"
          className={`${INPUT_CLASS} max-w-xs`}
          value={values.expiration}
          min={toDateInputValue(firstSelectableDay(opened))}
          onChange={(event) => edit({ ...values, expiration: event.target.value })}
          aria-invalid={errors.expiration ? true : undefined}
          aria-describedby={describedBy(ids.expirationHint, errors.expiration && ids.expirationError)}
        />
        <p id={ids.expirationHint} className="mt-1 text-sm text-slate-600">
          {t("PROPOSAL_MODAL.EXPIRATION_HINT")}
        </p>
        <FieldMessageText id={ids.expirationError} message={errors.expiration} />
      </div>

      <section aria-labelledby={`${id}-totals`} className="rounded-md bg-slate-50 p-4">
        <h3 id={`${id}-totals`} className="sr-only">
          {t("PROPOSAL_MODAL.TOTALS")}
        </h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <Total label={t("PROPOSAL_MODAL.TOTAL_REACH")} testId="proposal-total-reach">
            {formatCount(totals.reach)}
          </Total>
          <Total label={t("PROPOSAL_MODAL.TOTAL_PRICE")} testId="proposal-total-price">
            {formatUsd(totals.priceCents)}
          </Total>
          <Total label={t("PROPOSAL_MODAL.FEE_PERCENT")} testId="proposal-fee-percent">
            {formatPercent(totals.feePercent)}
          </Total>
          <Total label={t("PROPOSAL_MODAL.TOTAL_WITH_FEE")} testId="proposal-total-with-fee">
            {formatUsd(totals.priceWithFeeCents)}
          </Total>
        </dl>
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <ManageNetworksLink onNavigate={onClose} />
        <div className="flex gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t("PROPOSAL_MODAL.CANCEL")}
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {t(application ? "PROPOSAL_MODAL.SUBMIT_UPDATE" : "PROPOSAL_MODAL.SUBMIT_NEW")}
          </Button>
        </div>
      </div>
    </form>
  );
}

function Total({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

interface ErrorSummaryProps {
  errors: ProposalErrors;
  summaryRef: RefObject<HTMLDivElement | null>;
  messageText: ReturnType<typeof useMessageText>;
}

/**
 * The summary at the top: the form's headline (a server reason, "Please fill at least one line of the table.",
 * "Please change something." or "Please correct the fields marked below."). The alert region stays mounted so
 * that each new message is announced.
 */
function ErrorSummary({ errors, summaryRef, messageText }: ErrorSummaryProps) {
  const shown = errors.form;
  return (
    <div ref={summaryRef} role="alert" tabIndex={-1} data-testid="proposal-error" className="outline-none">
      {shown && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{messageText(shown)}</p>
      )}
    </div>
  );
}
