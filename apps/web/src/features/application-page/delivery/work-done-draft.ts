import {
  type ApplicationPageView,
  DELIVERY_NOTE_MAX_LENGTH,
  type NetworkType,
  parsePostUrl,
  type WorkDoneInput,
} from "@market/contracts";

/**
 * The work-done modal's draft (issue 37): one link per hired network, the files uploaded for it, a note; read with
 * the contracts' URL rules as the user types, so the modal refuses what the server would, and the server's own
 * refusals (a network not hired, a file not of this chat) put back on the field they name.
 */
export interface WorkDoneDraft {
  /** The link typed for each hired network, in the hire's order. */
  links: { network: NetworkType; url: string }[];
  /** Chat files uploaded for the delivery (their ids are sent). */
  files: { id: string; name: string }[];
  note: string;
}

/** Messages by field: a network's link, the files, the note, or the form as a whole (""). */
export type DraftErrors = Partial<Record<NetworkType | "files" | "note" | "", string>>;

/** The networks the brand hired, in the proposal's order. */
export const hiredNetworks = (view: Pick<ApplicationPageView, "prices">): NetworkType[] =>
  view.prices.filter((line) => line.hired).map((line) => line.network);

/**
 * The draft the modal opens with: each hired network's link as last delivered (a redelivery after a contest starts
 * from the previous links), else the price line's link, else empty.
 */
export function initialDraft(view: Pick<ApplicationPageView, "prices" | "delivery">): WorkDoneDraft {
  const delivered = view.delivery?.current.posts ?? [];
  return {
    links: hiredNetworks(view).map((network) => ({
      network,
      url:
        delivered.find((post) => post.network === network)?.url ??
        view.prices.find((line) => line.network === network)?.link ??
        "",
    })),
    files: [],
    note: "",
  };
}

/** What the server would say of one link: nothing when it is a post of its network, else that network's hint. */
export function linkProblem(network: NetworkType, url: string): string | null {
  if (url.trim() === "") return "Paste the link of your post.";
  const read = parsePostUrl(network, url);
  return read.ok ? null : read.message;
}

/** Every field's problem before sending; empty when the draft may be sent. */
export function draftErrors(draft: WorkDoneDraft): DraftErrors {
  const errors: DraftErrors = {};
  for (const { network, url } of draft.links) {
    const problem = linkProblem(network, url);
    if (problem) errors[network] = problem;
  }
  if (draft.note.trim().length > DELIVERY_NOTE_MAX_LENGTH)
    errors.note = `At most ${DELIVERY_NOTE_MAX_LENGTH} characters.`;
  return errors;
}

/** The body of POST /api/applications/{id}/done; the server reads each URL by its network's rule again. */
export const workDoneBody = (id: number, draft: WorkDoneDraft): WorkDoneInput => ({
  id,
  deliverables: draft.links.map(({ network, url }) => ({ network, url: url.trim() })),
  files: draft.files.map((file) => file.id),
  note: draft.note.trim() === "" ? null : draft.note.trim(),
});

interface ServerIssue {
  path?: unknown;
  message?: unknown;
}

/**
 * The server's field issues (an `invalid` answer's data.issues) on the fields of the draft that was sent:
 * deliverables.{i}.url and .network on the i-th link's network, files.* on the files, note on the note, anything
 * else (deliverables as a whole: a hired network without its line) on the form. The first message per field wins.
 */
export function serverDraftErrors(issues: readonly ServerIssue[], sent: WorkDoneDraft): DraftErrors {
  const errors: DraftErrors = {};
  const put = (field: keyof DraftErrors, message: string) => {
    if (errors[field] === undefined) errors[field] = message;
  };
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path : [];
    const message = typeof issue.message === "string" && issue.message.trim() !== "" ? issue.message : null;
    if (!message) continue;
    // The REST envelope and tRPC may prefix the body's paths with "data"; the id's issue is the form's.
    const [head, index] = path[0] === "data" ? path.slice(1) : path;
    const line = head === "deliverables" && typeof index === "number" ? sent.links[index] : undefined;
    if (line) put(line.network, message);
    else if (head === "files" || head === "note") put(head, message);
    else put("", message);
  }
  return errors;
}
