/**
 * Which chat files are refused as dangerous (spec section 5: "dangerous file types are blocked", reason forbidden),
 * judged by the name's extension and by the bytes themselves, never by the type the browser declared. A file passes
 * only when neither its name nor its content is one that runs: programs, scripts, installers, shortcuts, and pages
 * a browser would render with script (HTML, or SVG/XML carrying script). Served files are attachments with nosniff
 * anyway; this keeps such files from being handed from one party to the other at all.
 */

/** Extensions that run or render when opened: programs, scripts, installers, shortcuts, macro documents, pages. */
const DANGEROUS_EXTENSIONS = new Set([
  // Windows programs, libraries, installers, shortcuts and settings.
  ...["exe", "com", "scr", "pif", "cpl", "dll", "sys", "drv", "ocx", "msi", "msp", "mst", "msix", "msixbundle"],
  ...["appx", "appxbundle", "application", "gadget", "lnk", "url", "scf", "reg", "inf", "hta", "chm", "cab"],
  ...["iso", "img", "vhd", "vhdx", "library-ms", "settingcontent-ms", "appref-ms"],
  // Scripts.
  ...["bat", "cmd", "vb", "vbs", "vbe", "js", "jse", "mjs", "cjs", "ws", "wsf", "wsc", "wsh", "ps1", "ps1xml"],
  ...["ps2", "ps2xml", "psc1", "psc2", "psm1", "psd1", "msh", "msh1", "msh2", "mshxml", "sh", "bash", "zsh", "csh"],
  ...["ksh", "fish", "command", "tool", "py", "pyc", "pyw", "pl", "rb", "php", "phtml", "cgi", "asp", "aspx"],
  ...["jsp", "lua", "applescript", "scpt", "workflow", "action"],
  // Other platforms' programs and packages.
  ...["app", "dmg", "pkg", "mpkg", "deb", "rpm", "run", "bin", "elf", "so", "dylib", "out", "apk", "xapk", "ipa"],
  ...["jar", "class", "dex", "wasm", "desktop", "appimage", "snap", "flatpak"],
  // Office documents with macros.
  ...["docm", "dotm", "xlsm", "xltm", "xlam", "xla", "pptm", "potm", "ppam", "ppsm", "sldm"],
  // Pages and markup a browser renders with script.
  ...["html", "htm", "xhtml", "xht", "shtml", "mht", "mhtml", "svg", "svgz", "xml", "xsl", "xslt"],
]);

/** The last extension of a name as Windows reads it: trailing dots and spaces and an NTFS stream suffix dropped. */
export function extensionOf(name: string): string {
  const base = name
    .replace(/:[^\\/]*$/, "")
    .replace(/[.\s]+$/, "")
    .toLowerCase();
  const dot = base.lastIndexOf(".");
  return dot < 0 ? "" : base.slice(dot + 1);
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/** Executable and bytecode formats by their first bytes. */
const PROGRAM_SIGNATURES: readonly (readonly number[])[] = [
  [0x4d, 0x5a], // MZ: Windows and DOS programs and libraries
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32-bit, little-endian
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64-bit, little-endian
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal, Java class
  [0x64, 0x65, 0x78, 0x0a], // dex\n: Android bytecode
  [0x00, 0x61, 0x73, 0x6d], // \0asm: WebAssembly
  [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00], // Windows shortcut (.lnk)
  [0x23, 0x21], // #!: a script with its interpreter
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Entries that make a zip an installable program: a Java archive, an Android or iOS app. */
const PROGRAM_ARCHIVE_ENTRY = /META-INF\/MANIFEST\.MF|classes\.dex|AndroidManifest\.xml|Payload\/[^/]+\.app\//;

/** How much of a text file is read to judge it: a page's telltale tags come early. */
const MARKUP_SCAN_BYTES = 64 * 1024;
/** Starts like a page or markup: a document type, an XML declaration, or an HTML or SVG element. */
const MARKUP_START =
  /^(?:<!doctype\s|<\?xml|<!--|<(?:html|head|body|script|iframe|svg|object|embed|frameset|style|title|a|div|p|img|table|br|b|font|h1)[\s/>])/i;
/** Script in markup: a script element, an event handler attribute, a javascript: URL, embedded HTML in SVG. */
const MARKUP_SCRIPT = /<script|\son[a-z]+\s*=|javascript\s*:|<foreignobject|<iframe|<embed|<object/i;

function textStart(bytes: Uint8Array): string {
  const head = bytes.subarray(0, MARKUP_SCAN_BYTES);
  // UTF-16 pages render too: decode by their byte-order mark, else as UTF-8 (which covers ASCII).
  const encoding = startsWith(head, [0xff, 0xfe]) ? "utf-16le" : startsWith(head, [0xfe, 0xff]) ? "utf-16be" : "utf-8";
  return new TextDecoder(encoding).decode(head).replace(/^[\uFEFF\s\0]+/, "");
}

/** Why the content is refused, or null when it is none of the dangerous kinds. */
export function dangerousContent(bytes: Uint8Array): string | null {
  if (PROGRAM_SIGNATURES.some((signature) => startsWith(bytes, signature))) return "a program or script";
  if (startsWith(bytes, ZIP) && PROGRAM_ARCHIVE_ENTRY.test(new TextDecoder("latin1").decode(bytes)))
    return "an application package";
  const text = textStart(bytes);
  if (MARKUP_START.test(text)) {
    // Any HTML page is refused; other markup (SVG, XML) only when it carries script.
    if (/^(?:<!doctype\s+html|<html|<head|<body|<script|<iframe)/i.test(text) || MARKUP_SCRIPT.test(text))
      return "a page with script";
  }
  return null;
}

export type FileVerdict = { ok: true; contentType: string } | { ok: false; why: string };

/** Content types by the first bytes, for the formats people exchange most; anything else is opaque bytes. */
const KNOWN_CONTENT: readonly { signature: readonly number[]; type: string }[] = [
  { signature: [0x89, 0x50, 0x4e, 0x47], type: "image/png" },
  { signature: [0xff, 0xd8, 0xff], type: "image/jpeg" },
  { signature: [0x47, 0x49, 0x46, 0x38], type: "image/gif" },
  { signature: [0x25, 0x50, 0x44, 0x46, 0x2d], type: "application/pdf" },
  { signature: ZIP, type: "application/zip" },
];
/** Plain text by name, when the content has no signature: served as text (attachments with nosniff). */
const TEXT_EXTENSIONS: Record<string, string> = { txt: "text/plain", csv: "text/csv", md: "text/plain" };

/**
 * Judges a chat file by its name and its content. The stored content type comes from the bytes (or, for plain
 * text, the name), never from the browser's claim.
 */
export function judgeChatFile(bytes: Uint8Array, name: string): FileVerdict {
  const extension = extensionOf(name);
  if (DANGEROUS_EXTENSIONS.has(extension)) return { ok: false, why: `.${extension} files are not allowed.` };
  const content = dangerousContent(bytes);
  if (content) return { ok: false, why: `This file is ${content}, which is not allowed.` };
  const known = KNOWN_CONTENT.find(({ signature }) => startsWith(bytes, signature));
  return { ok: true, contentType: known?.type ?? TEXT_EXTENSIONS[extension] ?? "application/octet-stream" };
}
