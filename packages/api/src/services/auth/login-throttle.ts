import { failRateLimited } from "../../errors";
import type { Mailer } from "../mail/mailer";
import { isKnownSource, rememberSource, sourceOf } from "./login-sources";
import { allowedBy, type Counted, giveBack, type RateLimitDeps, tally, tallyIfDue, throttle } from "./rate-limit";

export interface LoginThrottleDeps extends RateLimitDeps {
  /** Tells an owner that their account is under attack. */
  mailer: Mailer;
}

/** The account a login names: the user when one has that username or email. */
export interface LoginTarget {
  /** The account's key in the limits: its id, so that its username and email share one count. */
  key: string;
  user: { id: number; username: string; email: string } | null;
}

/** A login let through to the password check, settled with the check's outcome. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

export function loginAlertMail(username: string) {
  return {
    subject: "Someone is trying to sign in to your Influence Market account",
    text: [
      `Hello ${username},`,
      "",
      "Many wrong passwords were entered for your Influence Market account today. Tries from networks you have not",
      "signed in from lately must now wait longer and longer; you can still sign in as usual from your own.",
      "",
      'If it was not you, choose a new, long password in Settings, or with "Forgot password?" on the sign-in page.',
      "If it was you, there is nothing to do.",
    ].join("\n"),
  };
}

/**
 * Admits a login to the password check, or refuses it with `rate_limited` and a Retry-After. Only wrong passwords
 * count against the account, so nobody can keep its owner out: each network gets its own allowance with growing
 * delays (loginFailuresPerSource), and once the account as a whole sees too many (an attack), networks its owner
 * has not signed in from get growing delays too, while the owner's own are never slowed by the others'.
 * An attempt is counted before the check, so attempts sent together cannot slip past a limit, and given back when
 * the password is right. An unknown account is counted under its name exactly like a real one.
 */
export async function admitLogin(deps: LoginThrottleDeps, ip: string, target: LoginTarget): Promise<LoginAttempt> {
  // Every attempt, right or wrong: the password hashes one address can have us compute stay bounded.
  await throttle(deps, [["loginPerIp", ip]]);
  const source = sourceOf(ip);
  const own = target.user !== null && (await isKnownSource(deps, target.user.id, source));
  const fromSource = admitted(await tallyIfDue(deps, "loginFailuresPerSource", `${target.key}|${source}`));
  let fromAnywhere: Counted | null = null;
  if (!own) {
    const tallied = await tallyIfDue(deps, "loginFailuresPerAccount", target.key);
    if ("retryAfterMs" in tallied) await giveBack(deps.db, fromSource);
    fromAnywhere = admitted(tallied);
  }

  return {
    async succeeded() {
      await giveBack(deps.db, fromSource);
      if (fromAnywhere) await giveBack(deps.db, fromAnywhere);
      if (target.user) await rememberSource(deps, target.user.id, source);
    },
    async failed() {
      // The account's count never holds the owner's own network, but the failures from it add to the count.
      const failures = (fromAnywhere ?? (await tally(deps, "loginFailuresPerAccount", target.key))).count;
      if (failures >= allowedBy(deps, "loginFailuresPerAccount")) await alertOnce(deps, target);
    },
  };
}

/** The counted attempt of a limit with growing delays, or its refusal with the wait. */
function admitted(tallied: Awaited<ReturnType<typeof tallyIfDue>>): Counted {
  if ("retryAfterMs" in tallied) failRateLimited(tallied.retryAfterMs);
  return tallied.counted;
}

/** Mails the owner the first time their account is under attack in the window, whatever the number of tries. */
async function alertOnce(deps: LoginThrottleDeps, target: LoginTarget): Promise<void> {
  const first = (await tally(deps, "loginAlertPerAccount", target.key)).count === 1;
  if (!first || !target.user) return;
  // Queued, not sent: the answer never waits for the mail server (its delay would tell that the account exists)
  // nor fails with it; the mail job delivers it (mailer.ts).
  await deps.mailer.queue(deps.db, { to: target.user.email, ...loginAlertMail(target.user.username) });
}
