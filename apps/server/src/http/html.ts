/** Plain server-rendered pages (admin login refusals, the network sandboxes): every dynamic text goes through here. */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);

/** A browser navigating (it asks for HTML) gets a page; any other client the JSON envelope. */
export const wantsHtml = (accept: string | undefined) => (accept ?? "").includes("text/html");
