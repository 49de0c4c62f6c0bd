import type { NetworkType } from "@market/contracts";
import { useTranslation } from "react-i18next";

/** Each network's usual colour and initial; the name is written beside it, so the mark itself is decorative. */
const MARKS: Record<NetworkType, { color: string; letter: string }> = {
  facebook: { color: "bg-[#1877f2] text-white", letter: "f" },
  twitter: { color: "bg-[#1d9bf0] text-white", letter: "t" },
  youtube: { color: "bg-[#ff0000] text-white", letter: "▶" },
  instagram: { color: "bg-[#d62976] text-white", letter: "ig" },
  snapchat: { color: "bg-[#fffc00] text-slate-900", letter: "s" },
  pinterest: { color: "bg-[#e60023] text-white", letter: "p" },
  tumblr: { color: "bg-[#36465d] text-white", letter: "t" },
  blog: { color: "bg-slate-600 text-white", letter: "b" },
};

export function NetworkBadge({ type }: { type: NetworkType }) {
  const { t } = useTranslation();
  const mark = MARKS[type];
  return (
    <span className="inline-flex items-center gap-2 font-medium">
      <span
        aria-hidden="true"
        className={`inline-flex size-6 items-center justify-center rounded text-xs font-bold ${mark.color}`}
      >
        {mark.letter}
      </span>
      {t(`NETWORK.${type}`)}
    </span>
  );
}
