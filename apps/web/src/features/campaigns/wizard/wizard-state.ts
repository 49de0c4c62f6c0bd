import {
  CAMPAIGN_STEPS,
  type CampaignCountry,
  type CampaignInput,
  type CampaignLanguage,
  type CampaignStep,
  type Category,
  campaignStepSchemas,
  type DealView,
  type Extra,
  isSingleLineIssue,
  type NetworkType,
  OPTION_ALL,
  type PriceRange,
} from "@market/contracts";
import { defaultDeadline, isDeadlineAhead } from "../../../lib/deadline";
import { imageIds, isUploading, type WizardImage } from "./images";

/**
 * The campaign wizard as a pure state machine (spec section 5): six steps, each of the first five validated with
 * its contracts schema when left; the done step validates them all and shows either the ready-to-launch panel
 * or the incomplete notice.
 */

export type FormStep = Exclude<CampaignStep, "done">;
export const FORM_STEPS = CAMPAIGN_STEPS.filter((step): step is FormStep => step !== "done");

export interface CampaignDraft {
  networks: NetworkType[];
  title: string;
  category: Category | "";
  price: PriceRange | "";
  /** Null while the date input is empty. */
  deadline: Date | null;
  link: string;
  aAbout: string;
  aCountries: CampaignCountry[];
  aLanguages: CampaignLanguage[];
  description: string;
  images: readonly WizardImage[];
  extras: Extra[];
  eDiscount: string;
  eGiveaway: string;
  eFree: string;
}

export type DraftField = keyof CampaignDraft;

/** The fields of each step, in display order (the first invalid one takes the focus). */
export const STEP_FIELDS: Record<FormStep, DraftField[]> = {
  networks: ["networks"],
  general: ["title", "category", "price", "deadline", "link"],
  audience: ["aAbout", "aCountries", "aLanguages"],
  details: ["description", "images"],
  extra: ["extras", "eDiscount", "eGiveaway", "eFree"],
};

export const emptyDraft = (now: Date): CampaignDraft => ({
  networks: [],
  title: "",
  category: "",
  price: "",
  deadline: defaultDeadline(now),
  link: "",
  aAbout: "",
  aCountries: [],
  aLanguages: [],
  description: "",
  images: [],
  extras: [],
  eDiscount: "",
  eGiveaway: "",
  eFree: "",
});

/** A stored campaign as a draft, for the edit wizard. */
export const draftFromDeal = (deal: DealView): CampaignDraft => ({
  networks: [...deal.networks],
  title: deal.title,
  category: deal.category,
  price: deal.price,
  deadline: new Date(deal.deadline),
  link: deal.link,
  aAbout: deal.aAbout,
  aCountries: [...deal.aCountries],
  aLanguages: [...deal.aLanguages],
  description: deal.description,
  images: deal.images.map((image) => ({ key: image.id, status: "ready" as const, id: image.id, url: image.url })),
  extras: [...deal.extras],
  eDiscount: deal.eDiscount,
  eGiveaway: deal.eGiveaway,
  eFree: deal.eFree,
});

/** Field problems of one step: the field and the name of its message (NEW_CAMPAIGN.ERRORS.<name>). */
export type StepErrors = Partial<Record<DraftField, ErrorName>>;

export type ErrorName =
  | "networks"
  | "title"
  | "category"
  | "price"
  | "deadline"
  | "deadline_past"
  | "link"
  | "aAbout"
  | "aCountries"
  | "aLanguages"
  | "description"
  | "images"
  | "images_uploading"
  | "eDiscount"
  | "eGiveaway"
  | "eFree"
  | "too_long"
  | "single_line";

const stepInput = (draft: CampaignDraft, step: FormStep): Record<string, unknown> => {
  switch (step) {
    case "networks":
      return { networks: draft.networks };
    case "general":
      return {
        title: draft.title,
        category: draft.category,
        price: draft.price,
        deadline: draft.deadline ?? undefined,
        link: draft.link.trim(),
      };
    case "audience":
      return { aAbout: draft.aAbout, aCountries: draft.aCountries, aLanguages: draft.aLanguages };
    case "details":
      return { description: draft.description, images: imageIds(draft.images) };
    case "extra":
      return { extras: draft.extras, eDiscount: draft.eDiscount, eGiveaway: draft.eGiveaway, eFree: draft.eFree };
  }
};

/** The problems of one step, per field (empty when the step is valid); `now` rules out past deadlines. */
export function validateStep(draft: CampaignDraft, step: FormStep, now: Date): StepErrors {
  const errors: StepErrors = {};
  const result = campaignStepSchemas[step].safeParse(stepInput(draft, step));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as DraftField | undefined;
      if (!field || errors[field]) continue;
      errors[field] = isSingleLineIssue(issue)
        ? "single_line"
        : issue.code === "too_big" && field !== "images"
          ? "too_long"
          : (field as ErrorName);
    }
  }
  if (step === "general" && draft.deadline && !errors.deadline && !isDeadlineAhead(draft.deadline, now)) {
    errors.deadline = "deadline_past";
  }
  if (step === "details" && !errors.images && isUploading(draft.images)) errors.images = "images_uploading";
  return errors;
}

export type StepMark = "valid" | "invalid";

export interface WizardState {
  step: CampaignStep;
  draft: CampaignDraft;
  /** Set for a step once it has been left (or checked by the done step). */
  marks: Partial<Record<FormStep, StepMark>>;
  errors: Partial<Record<FormStep, StepErrors>>;
}

export const initialWizard = (draft: CampaignDraft): WizardState => ({
  step: "networks",
  draft,
  marks: {},
  errors: {},
});

const checkStep = (state: WizardState, step: FormStep, now: Date): WizardState => {
  const errors = validateStep(state.draft, step, now);
  const valid = Object.keys(errors).length === 0;
  return {
    ...state,
    marks: { ...state.marks, [step]: valid ? "valid" : "invalid" },
    errors: { ...state.errors, [step]: errors },
  };
};

const checkAll = (state: WizardState, now: Date): WizardState =>
  FORM_STEPS.reduce((next, step) => checkStep(next, step, now), state);

/** Moves to `target`: the step left is validated; arriving on done validates every step. */
export function goTo(state: WizardState, target: CampaignStep, now: Date): WizardState {
  let next = state.step === "done" ? state : checkStep(state, state.step, now);
  if (target === "done") next = checkAll(next, now);
  return { ...next, step: target };
}

/** The step after the current one (Next exists on every step but done). */
export function nextStep(step: CampaignStep): CampaignStep {
  const index = CAMPAIGN_STEPS.indexOf(step);
  return CAMPAIGN_STEPS[Math.min(index + 1, CAMPAIGN_STEPS.length - 1)] as CampaignStep;
}

export const goNext = (state: WizardState, now: Date): WizardState => goTo(state, nextStep(state.step), now);

/**
 * A field changed. A step already marked is checked again at once, so its messages clear as the user fixes
 * them; a step never left keeps quiet until it is.
 */
export function setField<K extends DraftField>(
  state: WizardState,
  field: K,
  value: CampaignDraft[K],
  now: Date,
): WizardState {
  const next = { ...state, draft: { ...state.draft, [field]: value } };
  const step = FORM_STEPS.find((candidate) => STEP_FIELDS[candidate].includes(field));
  return step && next.marks[step] ? checkStep(next, step, now) : next;
}

/** The edit wizard: the stored campaign fills the wizard, which opens on the done step. */
export const loadedWizard = (draft: CampaignDraft, now: Date): WizardState =>
  goTo({ ...initialWizard(draft), step: "done" }, "done", now);

export type DonePanel = { kind: "ready" } | { kind: "incomplete"; invalid: FormStep[] };

/** What the done step shows: the steps still invalid block the launch. */
export function donePanel(state: WizardState): DonePanel {
  const invalid = FORM_STEPS.filter((step) => state.marks[step] !== "valid");
  return invalid.length === 0 ? { kind: "ready" } : { kind: "incomplete", invalid };
}

/** The campaign input of a complete draft (null when a step is invalid), texts trimmed by the schemas. */
export function campaignInputOf(draft: CampaignDraft, now: Date): CampaignInput | null {
  if (FORM_STEPS.some((step) => Object.keys(validateStep(draft, step, now)).length > 0)) return null;
  const parsed = FORM_STEPS.map((step) => campaignStepSchemas[step].parse(stepInput(draft, step)));
  const input = Object.assign({}, ...parsed) as CampaignInput;
  // The text of an extra unchecked after it was typed is not part of the campaign.
  return {
    ...input,
    eDiscount: input.extras.includes("discount") ? input.eDiscount : "",
    eGiveaway: input.extras.includes("giveaway") ? input.eGiveaway : "",
    eFree: input.extras.includes("free") ? input.eFree : "",
  };
}

/**
 * A toggle in the countries or languages list. "All" stands alone: choosing it clears the others, choosing
 * another clears it. A value is never listed twice.
 */
export function toggleOption<T extends string>(list: readonly T[], value: T, checked: boolean): T[] {
  if (!checked) return list.filter((item) => item !== value);
  if (value === OPTION_ALL) return [value];
  return [...list.filter((item) => item !== OPTION_ALL && item !== value), value];
}
