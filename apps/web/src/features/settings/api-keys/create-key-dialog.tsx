import { API_KEY_ACCESS, API_KEY_AREAS, API_KEY_NAME_MAX, type CreatedApiKeyJson, scopeOf } from "@market/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../../lib/field-errors";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { Dialog, DialogContent } from "../../../ui/dialog";
import { FieldErrorText, FieldFrame, INPUT_CLASS, TextField } from "../../../ui/form-fields";
import { toast } from "../../../ui/toast-store";
import {
  createKeyBody,
  EMPTY_KEY_FORM,
  KEY_EXPIRIES,
  type KeyExpiry,
  type KeyFormField,
  keyFormErrors,
  toggleScope,
} from "./key-form";

interface CreateKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMade: (made: CreatedApiKeyJson) => void;
}

/** A new key: its name, its scopes (read and write per area, as checkboxes) and an optional expiry. */
export function CreateKeyDialog({ open, onOpenChange, onMade }: CreateKeyDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY_KEY_FORM);
  const [errors, setErrors] = useState<Partial<Record<KeyFormField, FieldMessage>>>({});
  const create = trpc.keys.create.useMutation({
    onSuccess: (made) => {
      setValues(EMPTY_KEY_FORM);
      setErrors({});
      onMade(made);
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = keyFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(createKeyBody(values, new Date()));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("SETTINGS.API.CREATE_TITLE")}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label={t("SETTINGS.API.NAME")}
            hint={t("SETTINGS.API.NAME_HINT")}
            required
            maxLength={API_KEY_NAME_MAX}
            value={values.name}
            onValueChange={(name) => setValues((current) => ({ ...current, name }))}
            error={errors.name}
          />
          <fieldset aria-describedby={errors.scopes ? "api-key-scopes-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">{t("SETTINGS.API.SCOPES")}</legend>
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="py-1 font-medium">
                    {t("SETTINGS.API.AREA")}
                  </th>
                  {API_KEY_ACCESS.map((access) => (
                    <th key={access} scope="col" className="py-1 font-medium">
                      {t(`SETTINGS.API.ACCESS.${access}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {API_KEY_AREAS.map((area) => (
                  <tr key={area} className="border-t border-slate-100">
                    <th scope="row" className="py-1 text-left font-normal">
                      {t(`SETTINGS.API.AREAS.${area}`)}
                    </th>
                    {API_KEY_ACCESS.map((access) => (
                      <td key={access} className="py-1">
                        <input
                          type="checkbox"
                          className="h-4 w-4"
                          aria-label={t("SETTINGS.API.SCOPE_LABEL", {
                            area: t(`SETTINGS.API.AREAS.${area}`),
                            access: t(`SETTINGS.API.ACCESS.${access}`),
                          })}
                          checked={values.scopes.includes(scopeOf(area, access))}
                          onChange={() =>
                            setValues((current) => ({ ...current, scopes: toggleScope(current.scopes, area, access) }))
                          }
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <FieldErrorText id="api-key-scopes-error" error={errors.scopes} />
          </fieldset>
          <FieldFrame label={t("SETTINGS.API.EXPIRY")}>
            {(control) => (
              <select
                className={INPUT_CLASS}
                value={values.expiry}
                onChange={(event) => setValues((current) => ({ ...current, expiry: event.target.value as KeyExpiry }))}
                {...control}
              >
                {KEY_EXPIRIES.map((expiry) => (
                  <option key={expiry} value={expiry}>
                    {expiry === "never"
                      ? t("SETTINGS.API.EXPIRY_NEVER")
                      : t("SETTINGS.API.EXPIRY_DAYS", { days: expiry })}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t("SETTINGS.API.CANCEL")}
            </Button>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
              {t("SETTINGS.API.CREATE_SUBMIT")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
