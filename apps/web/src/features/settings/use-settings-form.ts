import type { SaveSettingsInput } from "@market/contracts";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type FieldMessage, fieldErrorsOf, type Issue } from "../../lib/field-errors";
import { trpc } from "../../lib/trpc";
import { toast } from "../../ui/toast-store";

/** The field issues the server sent with an `invalid` answer, if any. */
function serverIssuesOf(error: unknown): Issue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const issues = (error.data as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as Issue[]) : [];
}

interface SettingsFormOptions<F extends string> {
  /** Which field of POST /api/settings the form saves. */
  field: SaveSettingsInput["field"];
  /** The contracts schema of that field for the user's kind: the client checks what the server will. */
  schema: z.ZodType;
  /** The form's fields as paths of the data ("audience.males"), to place each message. */
  fields: readonly F[];
}

/**
 * Checks one settings form with the contracts schema, saves it, and reports: a success toast, or the save failure
 * toast with the server's field messages. After a refused check, focus moves to the first invalid field.
 */
export function useSettingsForm<F extends string>({ field, schema, fields }: SettingsFormOptions<F>) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<F | "", FieldMessage>>>({});
  const save = trpc.settings.save.useMutation({
    onSuccess: (settings) => {
      utils.settings.get.setData(undefined, settings);
      setErrors({});
      toast.success(t("SETTINGS.SAVED"));
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(serverIssuesOf(error), fields));
      toast.error(t("SETTINGS.SAVE_ERROR"));
    },
  });

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());

  const submit = (data: unknown) => (event: FormEvent) => {
    event.preventDefault();
    const checked = schema.safeParse(data);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues, fields));
      focusFirstInvalid();
      return;
    }
    setErrors({});
    save.mutate({ field, data: checked.data });
  };

  return { formRef, errors, submit, saving: save.isPending };
}
