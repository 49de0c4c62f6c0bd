import { AUDIENCE_INTEREST_MAX_LENGTH, AUDIENCE_INTERESTS_MAX } from "@market/contracts";
import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../lib/field-errors";
import { Button } from "../../ui/button";
import { FieldErrorText, INPUT_CLASS } from "../../ui/form-fields";
import { withInterest } from "./forms";

/** Audience interests as chips: type one and press Enter (or Add); each chip has its remove button. */
export function InterestsField({
  interests,
  onChange,
  error,
}: {
  interests: string[];
  onChange: (interests: string[]) => void;
  error: FieldMessage | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState("");
  const full = interests.length >= AUDIENCE_INTERESTS_MAX;
  const add = () => {
    onChange(withInterest(interests, draft));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter adds the chip instead of submitting the whole form.
    event.preventDefault();
    add();
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t("SETTINGS.PROFILE.INTERESTS")}
      </label>
      {interests.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {interests.map((interest) => (
            <li
              key={interest}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {interest}
              <button
                type="button"
                aria-label={t("SETTINGS.PROFILE.REMOVE_INTEREST", { interest })}
                onClick={() => onChange(interests.filter((known) => known !== interest))}
                className="rounded-full px-2 text-brand-800 hover:bg-brand-100"
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          className={INPUT_CLASS}
          value={draft}
          maxLength={AUDIENCE_INTEREST_MAX_LENGTH}
          disabled={full}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          {...(error ? { "aria-invalid": true } : {})}
        />
        <Button variant="secondary" onClick={add} disabled={full || draft.trim() === ""} className="mt-1">
          {t("SETTINGS.PROFILE.ADD_INTEREST")}
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t("SETTINGS.PROFILE.INTERESTS_HINT", { max: AUDIENCE_INTERESTS_MAX })}
      </p>
      <FieldErrorText id={`${id}-error`} error={error} />
    </div>
  );
}
