import {
  formatUsd,
  MIN_PAYOUT_CENTS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  PAYOUT_PROCESSING_BUSINESS_DAYS,
  type PayoutMethod,
  type PayoutRequested,
  type PayoutView,
  US_BANK_ACCOUNT_TYPES,
  type WiseReceiveBy,
} from "@market/contracts";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../lib/field-errors";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { FieldErrorText, TextField } from "../../ui/form-fields";
import { LoadErrorMessage, LoadingLine } from "../../ui/query-states";
import { toast } from "../../ui/toast-store";
import { checkPayoutForm, type PayoutField } from "./payout-errors";

/**
 * The payout request (spec sections 2 Payout and 5): the back link, the available balance, the minimum note, the
 * form only from $20 on (else the minimum-payout message), and the 2-3 business days note. With `retryId` (beyond
 * the spec, the tracker's "retry with another method"), the form sends that failed payout again: its amount filled
 * in and fixed, the method and account chosen anew.
 */
export function PayoutPage({ retryId }: { retryId?: number | undefined }) {
  const { t } = useTranslation();
  const retrying = retryId !== undefined;
  const title = t(retrying ? "EARNINGS.PAYOUT.RETRY_TITLE" : "EARNINGS.PAYOUT.TITLE");
  useDocumentTitle(title);
  const balance = trpc.account.balance.useQuery();
  // The failed payout itself, however old (a link may name one past the tracker's first page).
  const payout = trpc.earnings.payout.useQuery({ id: retryId ?? 0 }, { enabled: retrying, retry: false });
  const retryOf = payout.data?.canRetry ? payout.data : undefined;
  const retryGone = reasonOf(payout.error) === "not_found";
  const minimum = formatUsd(MIN_PAYOUT_CENTS);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <Link to="/earnings" className="text-indigo-700 hover:underline">
        ← {t("EARNINGS.PAYOUT.BACK")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      {retrying && (payout.isSuccess || retryGone) && !retryOf && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {t("EARNINGS.PAYOUT.RETRY_GONE")}
        </p>
      )}
      {balance.isPending || (retrying && payout.isPending) ? (
        <LoadingLine />
      ) : balance.isError ? (
        <LoadErrorMessage query={balance}>{t("EARNINGS.LOAD_ERROR")}</LoadErrorMessage>
      ) : payout.isError && !retryGone ? (
        <LoadErrorMessage query={payout}>{t("EARNINGS.LOAD_ERROR")}</LoadErrorMessage>
      ) : (
        <>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">{t("EARNINGS.PAYOUT.AVAILABLE")}</p>
            <p className="text-2xl font-semibold" data-testid="payout-balance">
              {formatUsd(balance.data.balanceCents)}
            </p>
            <p className="mt-1 text-sm text-slate-600">{t("EARNINGS.PAYOUT.MINIMUM_NOTE", { minimum })}</p>
          </div>
          {retryOf ? (
            <PayoutForm key={retryOf.id} balanceCents={balance.data.balanceCents} retryOf={retryOf} />
          ) : balance.data.balanceCents >= MIN_PAYOUT_CENTS ? (
            <PayoutForm key="new" balanceCents={balance.data.balanceCents} />
          ) : (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
              {t("EARNINGS.PAYOUT.BELOW_MINIMUM", { minimum })}
            </p>
          )}
          <p className="text-sm text-slate-600">
            {t("EARNINGS.PAYOUT.PROCESSING_NOTE", PAYOUT_PROCESSING_BUSINESS_DAYS)}
          </p>
        </>
      )}
    </div>
  );
}

const EMPTY = {
  payoutAmount: "",
  payoutPassword: "",
  method: "paypal" as PayoutMethod,
  email: "",
  confirmEmail: "",
  accountOwnerName: "",
  // TransferWise pays a US bank account unless the influencer chooses email (issue 35).
  receiveBy: "bank" as WiseReceiveBy,
  routingNumber: "",
  accountNumber: "",
  accountType: "CHECKING",
  country: "US",
  state: "",
  city: "",
  firstLine: "",
  postCode: "",
};

/** A failed payout's retry starts on the other method, its amount as the form writes dollars. */
function retryValues(failed: PayoutView): typeof EMPTY {
  return {
    ...EMPTY,
    payoutAmount: (failed.amountCents / 100).toFixed(2),
    method: PAYOUT_METHODS.find((method) => method !== failed.method) ?? failed.method,
  };
}

function PayoutForm({ balanceCents, retryOf }: { balanceCents: number; retryOf?: PayoutView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => (retryOf ? retryValues(retryOf) : EMPTY));
  const [errors, setErrors] = useState<Partial<Record<PayoutField, FieldMessage>>>({});
  const set = (patch: Partial<typeof EMPTY>) => setValues((current) => ({ ...current, ...patch }));
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  const handlers = {
    onSuccess: (answer: PayoutRequested) => {
      // The balance drops at once: the answer carries what the payout left.
      utils.account.balance.setData(undefined, { balanceCents: answer.balanceCents });
      void utils.earnings.invalidate();
      setValues(EMPTY);
      setErrors({});
      toast.success(t("EARNINGS.PAYOUT.SUCCESS"));
      // The retried payout is done with; the tracker shows the new one on its way.
      if (retryOf) void navigate({ to: "/earnings" });
    },
    onError: (error: unknown) => {
      const reason = reasonOf(error);
      if (reason === "bad_password") {
        setErrors({ payoutPassword: { key: REASON_MESSAGE_KEYS.bad_password } });
        focusFirstInvalid();
      } else if (reason === "not_enough_earnings") {
        setErrors({ payoutAmount: { key: REASON_MESSAGE_KEYS.not_enough_earnings } });
        void utils.account.balance.invalidate();
        focusFirstInvalid();
      } else toast.error(t(REASON_MESSAGE_KEYS[reason]));
    },
  };
  const request = trpc.earnings.requestPayout.useMutation(handlers);
  const retry = trpc.earnings.retryPayout.useMutation(handlers);
  const pending = request.isPending || retry.isPending;

  /** The amount is checked on blur (spec section 5); the other fields on submit. */
  const checkAmount = () => {
    const result = checkPayoutForm(values, balanceCents);
    setErrors((current) => ({ ...current, payoutAmount: result.ok ? undefined : result.errors.payoutAmount }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkPayoutForm(values, balanceCents);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    if (!retryOf) {
      request.mutate(result.body);
      return;
    }
    // The server takes the failed payout's own amount; the form only chooses where it goes.
    const { method, email, password, accountOwnerName, receiveBy, bankAccount } = result.body;
    retry.mutate({
      id: retryOf.id,
      destination: { method, email, password, accountOwnerName, receiveBy, bankAccount },
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {retryOf && (
        <p className="text-sm text-slate-700">
          {t("EARNINGS.PAYOUT.RETRY_NOTE", {
            amount: formatUsd(retryOf.amountCents),
            method: PAYOUT_METHOD_LABELS[retryOf.method],
            email: retryOf.email,
          })}
        </p>
      )}
      <TextField
        label={t("EARNINGS.PAYOUT.AMOUNT")}
        hint={retryOf ? undefined : t("EARNINGS.PAYOUT.AMOUNT_HINT")}
        inputMode="decimal"
        autoComplete="off"
        required
        readOnly={retryOf !== undefined}
        value={values.payoutAmount}
        onValueChange={(payoutAmount) => set({ payoutAmount })}
        onBlur={checkAmount}
        error={errors.payoutAmount}
      />
      <fieldset>
        <legend className="block text-sm font-medium text-slate-800">{t("EARNINGS.PAYOUT.METHOD")}</legend>
        <div className="mt-1 flex gap-6">
          {PAYOUT_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input
                type="radio"
                name="method"
                value={method}
                checked={values.method === method}
                onChange={() => set({ method })}
              />
              {PAYOUT_METHOD_LABELS[method]}
            </label>
          ))}
        </div>
        <FieldErrorText id="payout-method-error" error={errors.method} />
      </fieldset>
      {values.method === "transferwise" && (
        <TextField
          label={t("EARNINGS.PAYOUT.OWNER_NAME")}
          autoComplete="name"
          required
          value={values.accountOwnerName}
          onValueChange={(accountOwnerName) => set({ accountOwnerName })}
          error={errors.accountOwnerName}
        />
      )}
      {values.method === "transferwise" && <WiseDestination values={values} set={set} errors={errors} />}
      <TextField
        label={t(values.method === "paypal" ? "EARNINGS.PAYOUT.EMAIL_PAYPAL" : "EARNINGS.PAYOUT.EMAIL_WISE")}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onValueChange={(email) => set({ email })}
        error={errors.email}
      />
      <TextField
        label={t("EARNINGS.PAYOUT.CONFIRM_EMAIL")}
        type="email"
        autoComplete="off"
        required
        value={values.confirmEmail}
        onValueChange={(confirmEmail) => set({ confirmEmail })}
        error={errors.confirmEmail}
      />
      <TextField
        label={t("EARNINGS.PAYOUT.PASSWORD")}
        type="password"
        autoComplete="current-password"
        required
        value={values.payoutPassword}
        onValueChange={(payoutPassword) => set({ payoutPassword })}
        error={errors.payoutPassword}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {t(retryOf ? "EARNINGS.PAYOUT.RETRY_SUBMIT" : "EARNINGS.PAYOUT.SUBMIT")}
        </Button>
      </div>
    </form>
  );
}

type FormValues = typeof EMPTY;
type Errors = Partial<Record<PayoutField, FieldMessage>>;

/**
 * Where TransferWise pays (issue 35): a US bank account by ACH (Wise's `aba` recipient: routing and account number,
 * type, the holder's address), or by email where Wise allows email recipients for the platform, which the server
 * checks with Wise before paying.
 */
function WiseDestination({
  values,
  set,
  errors,
}: {
  values: FormValues;
  set: (patch: Partial<FormValues>) => void;
  errors: Errors;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset>
        <legend className="block text-sm font-medium text-slate-800">{t("EARNINGS.PAYOUT.RECEIVE_BY")}</legend>
        <div className="mt-1 flex flex-col gap-1">
          {(["bank", "email"] as const).map((receiveBy) => (
            <label key={receiveBy} className="flex items-center gap-2">
              <input
                type="radio"
                name="receiveBy"
                value={receiveBy}
                checked={values.receiveBy === receiveBy}
                onChange={() => set({ receiveBy })}
              />
              {t(receiveBy === "bank" ? "EARNINGS.PAYOUT.RECEIVE_BY_BANK" : "EARNINGS.PAYOUT.RECEIVE_BY_EMAIL")}
            </label>
          ))}
        </div>
        {values.receiveBy === "email" && (
          <p className="mt-1 text-sm text-slate-600">{t("EARNINGS.PAYOUT.RECEIVE_BY_EMAIL_NOTE")}</p>
        )}
      </fieldset>
      {values.receiveBy === "bank" && (
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">{t("EARNINGS.PAYOUT.BANK.LEGEND")}</legend>
          <p className="text-sm text-slate-600">{t("EARNINGS.PAYOUT.BANK.NOTE")}</p>
          <TextField
            label={t("EARNINGS.PAYOUT.BANK.ROUTING")}
            hint={t("EARNINGS.PAYOUT.BANK.ROUTING_HINT")}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={9}
            value={values.routingNumber}
            onValueChange={(routingNumber) => set({ routingNumber })}
            error={errors.routingNumber}
          />
          <TextField
            label={t("EARNINGS.PAYOUT.BANK.ACCOUNT_NUMBER")}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={17}
            value={values.accountNumber}
            onValueChange={(accountNumber) => set({ accountNumber })}
            error={errors.accountNumber}
          />
          <fieldset>
            <legend className="block text-sm font-medium text-slate-800">
              {t("EARNINGS.PAYOUT.BANK.ACCOUNT_TYPE")}
            </legend>
            <div className="mt-1 flex gap-6">
              {US_BANK_ACCOUNT_TYPES.map((accountType) => (
                <label key={accountType} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="accountType"
                    value={accountType}
                    checked={values.accountType === accountType}
                    onChange={() => set({ accountType })}
                  />
                  {t(accountType === "CHECKING" ? "EARNINGS.PAYOUT.BANK.CHECKING" : "EARNINGS.PAYOUT.BANK.SAVINGS")}
                </label>
              ))}
            </div>
            <FieldErrorText id="payout-account-type-error" error={errors.accountType} />
          </fieldset>
          <p className="text-sm font-medium text-slate-800">{t("EARNINGS.PAYOUT.BANK.ADDRESS")}</p>
          <TextField
            label={t("EARNINGS.PAYOUT.BANK.FIRST_LINE")}
            autoComplete="address-line1"
            required
            value={values.firstLine}
            onValueChange={(firstLine) => set({ firstLine })}
            error={errors.firstLine}
          />
          <TextField
            label={t("EARNINGS.PAYOUT.BANK.CITY")}
            autoComplete="address-level2"
            required
            value={values.city}
            onValueChange={(city) => set({ city })}
            error={errors.city}
          />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <TextField
              label={t("EARNINGS.PAYOUT.BANK.STATE")}
              autoComplete="address-level1"
              maxLength={3}
              value={values.state}
              onValueChange={(state) => set({ state })}
              error={errors.state}
            />
            <TextField
              label={t("EARNINGS.PAYOUT.BANK.POST_CODE")}
              autoComplete="postal-code"
              required
              value={values.postCode}
              onValueChange={(postCode) => set({ postCode })}
              error={errors.postCode}
            />
            <TextField
              label={t("EARNINGS.PAYOUT.BANK.COUNTRY")}
              autoComplete="country"
              required
              maxLength={2}
              value={values.country}
              onValueChange={(country) => set({ country })}
              error={errors.country}
            />
          </div>
        </fieldset>
      )}
    </>
  );
}
