import { type ApplicationPriceView, type ChangeRequestLine, describeUsageRights, formatUsd } from "@market/contracts";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { actionErrorKey } from "../../lib/application-action-error";
import { Button } from "../../ui/button";
import { Dialog, DialogContent } from "../../ui/dialog";
import { NetworkBadge } from "../../ui/network-badge";
import { checkChangeRequest, initialChangeValues } from "./change-request";
import type { ProposalErrors } from "./proposal-check";
import { type LineValues, rightsOf } from "./proposal-lines";
import { describedBy, FieldMessageText, useMessageText } from "./proposal-message";
import { LINE_INPUT_CLASS, ProposalTableHead } from "./proposal-table";
import { formatCount } from "./proposal-totals";
import { UsageRightsField } from "./usage-rights-field";

export interface ChangeRequestDialogProps {
  /** The deal's title, in the modal's title. */
  title: string;
  /** The proposal's priced networks. */
  prices: readonly ApplicationPriceView[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the request; rejects with the server's error. */
  onSend: (prices: ChangeRequestLine[]) => Promise<unknown>;
}

/**
 * The proposal modal in change mode (spec section 2): the brand, on a WAITING proposal, asks for other prices,
 * days or usage rights; the influencer then updates the proposal (update mode) or not.
 */
export function ChangeRequestDialog({ title, prices, open, onOpenChange, onSend }: ChangeRequestDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("PROPOSAL_MODAL.TITLE_CHANGE", { title })}
        className="top-1/2 left-1/2 max-h-[calc(100vh-2rem)] w-[min(44rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg"
      >
        {/* Mounted only while open: each opening starts from the proposal again. */}
        {open && <ChangeRequestForm prices={prices} onClose={() => onOpenChange(false)} onSend={onSend} />}
      </DialogContent>
    </Dialog>
  );
}

const NO_ERRORS: ProposalErrors = { lines: {} };

interface ChangeRequestFormProps {
  prices: readonly ApplicationPriceView[];
  onClose: () => void;
  onSend: ChangeRequestDialogProps["onSend"];
}

function ChangeRequestForm({ prices, onClose, onSend }: ChangeRequestFormProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(() => initialChangeValues(prices));
  const [errors, setErrors] = useState<ProposalErrors>(NO_ERRORS);
  const [refusals, setRefusals] = useState(0);
  const [pending, setPending] = useState(false);

  // Each refusal moves focus to the first marked field, or to the summary.
  useEffect(() => {
    if (refusals === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summaryRef.current)?.focus();
  }, [refusals]);

  const refuse = (next: ProposalErrors) => {
    setErrors(next);
    setRefusals((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkChangeRequest(prices, values);
    if (!checked.ok) return refuse(checked.errors);
    setErrors(NO_ERRORS);
    setPending(true);
    try {
      await onSend(checked.prices);
      onClose();
    } catch (failure) {
      refuse({ form: { key: actionErrorKey(failure, "PROPOSAL_MODAL.CHANGE_ERROR") }, lines: {} });
      setPending(false);
    }
  };

  const setLine = (index: number, line: LineValues) => setValues((current) => ({ ...current, [index]: line }));

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <div ref={summaryRef} role="alert" tabIndex={-1} data-testid="change-error" className="outline-none">
        {errors.form && (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {messageText(errors.form)}
          </p>
        )}
      </div>
      <p className="text-sm text-slate-600">{t("PROPOSAL_MODAL.INTRO_CHANGE")}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <ProposalTableHead />
          <tbody className="divide-y divide-slate-100">
            {prices.map((line, index) => {
              const value = values[index] ?? { price: "", creationDays: "" };
              const lineErrors = errors.lines[index] ?? {};
              const network = t(`NETWORK.${line.network}`);
              const ids = { now: `${id}-${index}-now`, price: `${id}-${index}-price`, days: `${id}-${index}-days` };
              return (
                // A proposal prices each network type once (the server refuses a type twice).
                <tr key={line.network} className="align-top" data-testid="change-line">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <NetworkBadge type={line.network} />
                    <span id={ids.now} className="block text-slate-600">
                      {t("PROPOSAL_MODAL.CURRENT", {
                        price: formatUsd(line.price * 100),
                        days: t("APPLICATION_PAGE.DAYS", { count: line.creationDays }),
                      })}
                      {" · "}
                      {describeUsageRights(line.usageRights, "brand")}
                    </span>
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCount(line.reach)}</td>
                  <td className="py-2 pr-3">
                    <input
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      className={LINE_INPUT_CLASS}
                      aria-label={t("PROPOSAL_MODAL.PRICE_LABEL", { network })}
                      value={value.price}
                      onChange={(event) => setLine(index, { ...value, price: event.target.value })}
                      aria-invalid={lineErrors.price ? true : undefined}
                      aria-describedby={describedBy(ids.now, lineErrors.price && ids.price)}
                    />
                    <FieldMessageText id={ids.price} message={lineErrors.price} />
                  </td>
                  <td className="py-2 pr-3">
                    <input
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      className={LINE_INPUT_CLASS}
                      aria-label={t("PROPOSAL_MODAL.DAYS_LABEL", { network })}
                      value={value.creationDays}
                      onChange={(event) => setLine(index, { ...value, creationDays: event.target.value })}
                      aria-invalid={lineErrors.creationDays ? true : undefined}
                      aria-describedby={describedBy(ids.now, lineErrors.creationDays && ids.days)}
                    />
                    <FieldMessageText id={ids.days} message={lineErrors.creationDays} />
                  </td>
                  <td className="py-2">
                    <UsageRightsField
                      label={network}
                      value={rightsOf(value)}
                      error={lineErrors.usageRights}
                      disabled={false}
                      reader="brand"
                      onChange={(rights) => setLine(index, { ...value, rights })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("PROPOSAL_MODAL.CANCEL")}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {t("PROPOSAL_MODAL.SUBMIT_CHANGE")}
        </Button>
      </div>
    </form>
  );
}
