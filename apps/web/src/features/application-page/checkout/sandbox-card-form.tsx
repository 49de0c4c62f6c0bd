import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { FieldFrame, INPUT_CLASS } from "../../../ui/form-fields";
import {
  type CardErrors,
  type CardField,
  type CardValues,
  cardFieldError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
} from "./card-input";

interface SandboxCardFormProps {
  values: CardValues;
  errors: CardErrors;
  onValuesChange: (values: CardValues) => void;
  onErrorsChange: (errors: CardErrors) => void;
  disabled: boolean;
}

const FORMAT: Record<CardField, (typed: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

/**
 * The built-in sandbox's card entry (issue 13): the product's own fields where Stripe's card element would be,
 * shaped as they are typed and checked when the brand leaves a field (a field already marked is checked again on
 * every key, so its message goes as soon as it is right). The browser's autofill knows the fields by their
 * autocomplete names.
 */
export function SandboxCardForm({ values, errors, onValuesChange, onErrorsChange, disabled }: SandboxCardFormProps) {
  const { t } = useTranslation();

  const change = (field: CardField, typed: string) => {
    const next = { ...values, [field]: FORMAT[field](typed) };
    onValuesChange(next);
    if (errors[field]) onErrorsChange(withFieldChecked(errors, field, next));
  };
  const leave = (field: CardField) => {
    // An untouched field is not yet wrong; Pay checks every field.
    if (values[field] === "") return;
    onErrorsChange(withFieldChecked(errors, field, values));
  };
  const input = (field: CardField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    onBlur: () => leave(field),
    disabled,
    className: cx(INPUT_CLASS, "font-mono tabular-nums tracking-wide"),
    inputMode: "numeric" as const,
    "data-card-field": field,
  });
  const error = (field: CardField) => {
    const key = errors[field];
    return key ? { key } : undefined;
  };

  return (
    <div className="grid grid-cols-2 gap-3" data-testid="sandbox-card-form">
      <FieldFrame label={t("CHECKOUT_MODAL.CARD.NUMBER")} error={error("number")} className="col-span-2">
        {(control) => (
          <input
            {...input("number")}
            {...control}
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
          />
        )}
      </FieldFrame>
      <FieldFrame label={t("CHECKOUT_MODAL.CARD.EXPIRY")} error={error("expiry")}>
        {(control) => (
          <input {...input("expiry")} {...control} autoComplete="cc-exp" placeholder="MM/YY" maxLength={5} />
        )}
      </FieldFrame>
      <FieldFrame label={t("CHECKOUT_MODAL.CARD.CVC")} error={error("cvc")}>
        {(control) => (
          <input
            {...input("cvc")}
            {...control}
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            title={t("CHECKOUT_MODAL.CARD.CVC_HINT")}
          />
        )}
      </FieldFrame>
    </div>
  );
}

/** The errors with one field's checked anew at this moment (the expiry's past depends on today). */
function withFieldChecked(errors: CardErrors, field: CardField, values: CardValues): CardErrors {
  const next = { ...errors };
  const error = cardFieldError(field, values, new Date());
  if (error) next[field] = error;
  else delete next[field];
  return next;
}
