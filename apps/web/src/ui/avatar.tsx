import { Avatar as A } from "radix-ui";
import { cx } from "../lib/cx";
import { initialsOf } from "./initials";

interface AvatarProps {
  name: string;
  src: string | null;
  className?: string;
}

/** A picture, or the name's initials while it loads or when there is none. Decorative: the name is shown beside it. */
export function Avatar({ name, src, className }: AvatarProps) {
  return (
    <A.Root
      aria-hidden="true"
      className={cx(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100",
        className,
      )}
    >
      {src && <A.Image src={src} alt="" className="size-full object-cover" />}
      <A.Fallback className="font-semibold text-brand-800">{initialsOf(name)}</A.Fallback>
    </A.Root>
  );
}
