import { useEffect, useState } from "react";
import { secondsLeft } from "./bio-code-countdown";

/** Seconds left before `deadline` (a browser-clock time), ticking every second until 0. */
export function useCountdown(deadline: number): number {
  const [left, setLeft] = useState(() => secondsLeft(deadline, Date.now()));
  useEffect(() => {
    setLeft(secondsLeft(deadline, Date.now()));
    const timer = window.setInterval(() => {
      const next = secondsLeft(deadline, Date.now());
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return left;
}
