const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A moment as the reader's clock shows it, "Dec 5, 2026, 8:16 AM": the bell, the chat, the API keys and the webhooks'
 * log say when something happened to the reader alike. (The console says its moments in UTC, as its audit keeps them.)
 */
export const formatMoment = (at: Date | string): string => moment.format(typeof at === "string" ? new Date(at) : at);
