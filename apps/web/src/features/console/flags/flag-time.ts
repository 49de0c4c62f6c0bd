/** How the flags screen writes an instant: UTC, as the audit view does. */
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export const formatFlagTime = (iso: string) => when.format(new Date(iso));
