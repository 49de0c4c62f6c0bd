import type { NetworkType } from "@market/contracts";

/** A colour per network for the split's segments, written out whole so the stylesheet keeps each class. */
export const NETWORK_SWATCH: Record<NetworkType, string> = {
  twitter: "bg-sky-500",
  youtube: "bg-red-600",
  instagram: "bg-fuchsia-600",
  facebook: "bg-blue-700",
  snapchat: "bg-yellow-400",
  pinterest: "bg-rose-700",
  tumblr: "bg-slate-700",
  blog: "bg-emerald-600",
};
