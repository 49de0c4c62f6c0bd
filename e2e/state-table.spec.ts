import { HOUR_MS, MINUTE_MS, NOTIFICATION_MAIL_DELAY_MS, RELEASE_WINDOW_MS } from "@market/contracts";
import type { APIRequestContext } from "@playwright/test";
import { propose } from "./support/checkout-steps";
import { deliverHired } from "./support/deliver";
import { ok } from "./support/envelope";
import { moveClock, resetClock, runSweeps } from "./support/server-clock";
import { expect, type TestUser, test } from "./support/users";

/**
 * Issue 32, point 3: docs/product.md "What each side reads, state by state" is one table of what the brand and the
 * influencer read for each state of an application. This spec walks every row for both sides: one brand and one
 * influencer go through all eleven states at once, a campaign each, then each side reads its list, each
 * application page (banner and chat), its money page, its CSV statement and the mails it was sent.
 *
 * Amounts: every hire is Instagram at $400 (or $100 + $300 on YouTube for the proposals that stay unhired), so
 * P = $400, B = $440.00 (the 10 % brand fee, $40.00) and I = $360.00.
 */

const STATES = [
  "waiting",
  "declined",
  "expired",
  "hired",
  "work done",
  "contested",
  "in arbitration",
  "released",
  "released automatically",
  "refunded",
  "case closed",
] as const;
type State = (typeof STATES)[number];
type Side = "brand" | "influencer";

/** A date as the screens write it ("Dec 5, 2026"). */
const DAY = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}`;
/** A day as the statements write it. */
const ISO_DAY = String.raw`\d{4}-\d{2}-\d{2}`;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A text of the table, its {date} any day the screens write. */
const shown = (text: string) => new RegExp(literal(text).replaceAll("\\{date\\}", DAY));

/** What one side reads of one state (a row of the table); null: nothing shown or sent. */
interface Seen {
  /** The card's label on the side's applications list; `listNote` the line beside it. */
  list: string;
  listNote?: string;
  /** The banner's whole text, headline and detail. */
  headline: string;
  /** The newest line of the chat; `closed` the line that replaces the composer, when the chat is closed. */
  chat: string;
  closed?: string;
  /** What the earnings (influencer) or hires (brand) row of the hire says, in order; null: no row. */
  money: string[] | null;
  /** The statement's line of the hire, from its Description column on; null: no line. */
  csv: string | null;
  mail: string | null;
}

/** The statements' last column: the hire's one Instagram line, organic (no usage rights asked). */
const BRAND_RIGHTS = "Instagram: Post on the influencer's account only";
const INFLUENCER_RIGHTS = "Instagram: Post on your account only";

/** The table of docs/product.md, for a brand shown as `brand` and an influencer named `influencer`. */
function table(brand: string, influencer: string): Record<State, Record<Side, Seen>> {
  const paid = {
    money: ["$440.00", "Pending"],
    csv: `{deal},{influencer},400.00,40.00,440.00,pending,,${BRAND_RIGHTS}`,
  };
  const earning = (release: string) => ({
    money: ["+$360.00", "Pending", release],
    csv: `{deal},pending,400.00,10,360.00,${release === "—" ? "" : "{day}"},,${INFLUENCER_RIGHTS}`,
  });
  const onHold = "Work done, release on hold: the platform is looking into the case.";
  const workDone = "Work done: the money will be released on {date}.";
  const closedDeclined = "The chat is closed: this proposal was declined before a conversation started.";
  return {
    waiting: {
      brand: {
        list: "Waiting",
        headline: "Waiting for your answer: the proposal stands until {date}.",
        chat: "Two posts and a story.",
        money: null,
        csv: null,
        mail: `${influencer} sent a proposal on "{deal}".`,
      },
      influencer: {
        list: "Waiting",
        headline: "Waiting for the brand's answer: your proposal stands until {date}.",
        chat: "Two posts and a story.",
        money: null,
        csv: null,
        mail: null,
      },
    },
    declined: {
      brand: {
        list: "Declined",
        headline: "You declined this proposal.Reason: the price is too high.",
        chat: "Two posts and a story.",
        closed: closedDeclined,
        money: null,
        csv: null,
        mail: null,
      },
      influencer: {
        list: "Declined",
        headline: "The brand declined this proposal.Reason: the price is too high.",
        chat: "Two posts and a story.",
        closed: closedDeclined,
        money: null,
        csv: null,
        mail: `${brand} declined your proposal on "{deal}".`,
      },
    },
    expired: {
      brand: {
        list: "Expired",
        headline: "Expired: the proposal ran out on {date} without an answer.",
        chat: "Two posts and a story.",
        closed: "The chat is closed: this proposal expired before a conversation started.",
        money: null,
        csv: null,
        mail: null,
      },
      influencer: {
        list: "Expired",
        headline: "Expired: the proposal ran out on {date} without an answer.",
        chat: "Two posts and a story.",
        closed: "The chat is closed: this proposal expired before a conversation started.",
        money: null,
        csv: null,
        mail: `Your proposal on "{deal}" has expired.`,
      },
    },
    hired: {
      brand: {
        list: "In progress",
        headline: "Hired: the influencer is creating the content.",
        chat: "Paid $440.00: $400.00 to the influencer + $40.00 fee.",
        ...paid,
        mail: null,
      },
      influencer: {
        list: "In progress",
        headline: "Hired: create the content, then tell the brand the work is done.",
        chat: "The brand paid $400.00 for the hire.",
        ...earning("—"),
        mail: `${brand} hired you on "{deal}": the money is held until the work is done.`,
      },
    },
    "work done": {
      brand: {
        list: "In progress",
        headline: workDone,
        chat: "The work is done. The money will be released on {date} unless the brand says the content is not published.",
        ...paid,
        mail: `${influencer} marked the work on "{deal}" done.`,
      },
      influencer: {
        list: "In progress",
        headline: workDone,
        chat: "The work is done. The money will be released on {date} unless the brand says the content is not published.",
        ...earning("{date}"),
        mail: null,
      },
    },
    contested: {
      brand: {
        list: "In progress",
        headline: onHold,
        chat: "The brand says the work is not done: the countdown is paused and the platform looks into it.",
        ...paid,
        mail: null,
      },
      influencer: {
        list: "In progress",
        headline: onHold,
        chat: "The brand says the work is not done: the countdown is paused and the platform looks into it.",
        ...earning("—"),
        mail: `${brand} says the work on "{deal}" is not done.`,
      },
    },
    "in arbitration": {
      brand: {
        list: "In progress",
        headline: onHold,
        chat: `${brand} asked the platform to arbitrate.`,
        ...paid,
        mail: null,
      },
      influencer: {
        list: "In progress",
        headline: onHold,
        chat: `${brand} asked the platform to arbitrate.`,
        ...earning("—"),
        mail: `${brand} asked the platform to arbitrate "{deal}".`,
      },
    },
    released: {
      brand: {
        list: "Complete",
        headline: "Complete: the money was released.",
        chat: "The brand released the money.",
        money: ["$440.00", "Released"],
        csv: `{deal},{influencer},400.00,40.00,440.00,released,,${BRAND_RIGHTS}`,
        mail: null,
      },
      influencer: {
        list: "Complete",
        headline: "Complete: the money was released.",
        chat: "The brand released the money.",
        money: ["+$360.00", "Released", "{date}"],
        csv: `{deal},released,400.00,10,360.00,{day},,${INFLUENCER_RIGHTS}`,
        mail: `The money for "{deal}" was released.`,
      },
    },
    "released automatically": {
      brand: {
        list: "Complete",
        headline: "Complete: the money was released.",
        chat: "The money was released automatically at the end of the brand's window.",
        money: ["$440.00", "Released"],
        csv: `{deal},{influencer},400.00,40.00,440.00,released,,${BRAND_RIGHTS}`,
        mail: `The money for "{deal}" was released.`,
      },
      influencer: {
        list: "Complete",
        headline: "Complete: the money was released.",
        chat: "The money was released automatically at the end of the brand's window.",
        money: ["+$360.00", "Released", "{date}"],
        csv: `{deal},released,400.00,10,360.00,{day},,${INFLUENCER_RIGHTS}`,
        mail: `The money for "{deal}" was released.`,
      },
    },
    refunded: {
      brand: {
        list: "Refunded",
        listNote: "$440.00 refunded to you on {date}",
        headline: "Refunded on {date}: the platform gave you your $440.00 back and the hire is over.",
        chat: "The platform refunded $440.00 to the brand: the hire is cancelled.",
        closed: "The chat is closed: the platform refunded $440.00 to you on {date}, and the hire is over.",
        money: ["$440.00", "Refunded", "Refunded on {date}"],
        csv: `{deal},{influencer},400.00,40.00,440.00,refunded,{day},${BRAND_RIGHTS}`,
        mail: `We refunded you for "{deal}": the hire is cancelled.`,
      },
      influencer: {
        list: "Refunded",
        listNote: "$440.00 refunded to the brand on {date}",
        headline: "Refunded on {date}: the platform gave the brand its $440.00 back and the hire is over.",
        chat: "The platform refunded $440.00 to the brand: the hire is cancelled.",
        closed: "The chat is closed: the platform refunded $440.00 to the brand on {date}, and the hire is over.",
        money: ["$360.00", "Refunded", "Refunded to the brand on {date}: not earned"],
        csv: `{deal},refunded,400.00,10,360.00,,{day},${INFLUENCER_RIGHTS}`,
        mail: `The brand was refunded for "{deal}".`,
      },
    },
    "case closed": {
      brand: {
        list: "In progress",
        headline: workDone,
        chat: "The platform closed the case: the countdown resumes, the money will be released on {date}.",
        ...paid,
        mail: `The arbitration case on "{deal}" was closed.`,
      },
      influencer: {
        list: "In progress",
        headline: workDone,
        chat: "The platform closed the case: the countdown resumes, the money will be released on {date}.",
        ...earning("{date}"),
        mail: `The arbitration case on "{deal}" was closed.`,
      },
    },
  };
}

const post = async (api: APIRequestContext, path: string, what: string, data?: object) =>
  ok(api.post(path, data === undefined ? undefined : { data }), what);

/** The text of every mail an address was sent (the test outbox keeps the newest ten). */
async function mailsTo(api: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await api.get(`/api/test/outbox?to=${encodeURIComponent(user.email)}`);
  const mails = (await answer.json()).data as { subject: string; text: string }[];
  return mails.map((mail) => mail.text).join("\n");
}

/** A statement's line of a campaign, from its Description column on (the date and type columns are left out). */
function statementLine(csv: string, title: string): string | null {
  const line = csv.split("\r\n").find((row) => row.includes(title));
  return line === undefined ? null : line.slice(line.indexOf(title));
}

test.afterEach(async ({ playwright, baseURL }) => resetClock(playwright, baseURL));

test("each state reads as docs/product.md's table says, for the brand and the influencer", async ({
  page,
  users,
  influencer,
  admin,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const title = (state: State) => `${state} ${stamp}`;
  const brand = await users.create("brand", { campaigns: STATES.map((state) => ({ title: title(state) })) });
  const dealOf = (state: State) => {
    const campaign = brand.campaigns.find((made) => made.title === title(state));
    if (!campaign) throw new Error(`no campaign for ${state}`);
    return campaign.id;
  };
  const hire = (state: State) => users.hire(brand, influencer, { campaignId: dealOf(state) });
  const ids = {} as Record<State, number>;

  await test.step("the two states only time makes: a proposal that lapses, a release the sweep makes", async () => {
    ids["released automatically"] = (await hire("released automatically")).id;
    await deliverHired(influencer.api, ids["released automatically"]);
    ids.expired = (
      await ok<{ id: number }>(
        influencer.api.post("/api/applications", {
          data: {
            dealId: dealOf("expired"),
            text: "Two posts and a story.",
            expiration: new Date(Date.now() + HOUR_MS).toISOString(),
            prices: influencer.networks.map((network) => ({ networkId: network.id, price: 200, creationDays: 3 })),
          },
        }),
        "the proposal that lapses",
      )
    ).id;
    await moveClock(brand.api, { advanceMs: RELEASE_WINDOW_MS + 2 * HOUR_MS });
    await runSweeps(brand.api);
  });

  await test.step("every other state, at the server's new time", async () => {
    ids.waiting = await propose(influencer, dealOf("waiting"));
    ids.declined = await propose(influencer, dealOf("declined"));
    await post(brand.api, `/api/applications/${ids.declined}/decline`, "the decline", { reason: "PRICE_TOO_HIGH" });
    ids.hired = (await hire("hired")).id;
    for (const state of ["work done", "contested", "in arbitration", "case closed"] as const) {
      ids[state] = (await hire(state)).id;
      await deliverHired(influencer.api, ids[state]);
    }
    for (const state of ["contested", "case closed"] as const) {
      await post(brand.api, `/api/applications/${ids[state]}/undone`, "work not done", { text: "Not live yet." });
    }
    await post(brand.api, `/api/applications/${ids["in arbitration"]}/help`, "arbitration", {
      text: "The post went up without the product.",
    });
    ids.released = (await users.hire(brand, influencer, { campaignId: dealOf("released"), released: true })).id;
    ids.refunded = (await hire("refunded")).id;
    // The admin acts as the brand for the refund and the case's close (its session then is the brand's).
    expect((await admin.api.get(`/admin/login?u=b&id=${brand.id}`)).ok()).toBe(true);
    await post(admin.api, `/admin/api/applications/${ids.refunded}/refund`, "the refund");
    await post(admin.api, `/admin/api/applications/${ids["case closed"]}/close-case`, "the case's close");
  });

  // Mails go out for what stayed unseen two minutes, so they are read before any page is opened (a page seen is
  // its notifications seen).
  await moveClock(brand.api, { advanceMs: NOTIFICATION_MAIL_DELAY_MS + MINUTE_MS });
  await runSweeps(brand.api);
  const mails = { brand: await mailsTo(brand.api, brand), influencer: await mailsTo(brand.api, influencer) };
  const statements = {
    brand: await (await brand.api.get("/api/hires/statement.csv")).text(),
    influencer: await (await influencer.api.get("/api/earnings/statement.csv")).text(),
  };
  // Test brands are named "Brand {username}" (test-user.ts): the screens and mails name a brand by its company name.
  const rows = table(`Brand ${brand.username}`, influencer.username);
  const other = (side: Side): Side => (side === "brand" ? "influencer" : "brand");

  for (const [side, user] of [
    ["brand", brand],
    ["influencer", influencer],
  ] as const) {
    const fill = (text: string, state: State) =>
      text.replaceAll("{deal}", title(state)).replaceAll("{influencer}", influencer.username);

    await test.step(`${side}: mails and statement`, async () => {
      for (const state of STATES) {
        const seen = rows[state][side];
        const theirs = rows[state][other(side)].mail;
        if (seen.mail) expect(mails[side], `${side}'s mail, ${state}`).toContain(`- ${fill(seen.mail, state)}`);
        else if (theirs) expect(mails[side], `no mail of ${state} to the ${side}`).not.toContain(fill(theirs, state));
        const line = statementLine(statements[side], title(state));
        if (seen.csv === null) expect(line, `${side}'s statement, ${state}`).toBeNull();
        else {
          const pattern = literal(fill(seen.csv, state)).replaceAll("\\{day\\}", ISO_DAY);
          expect(line, `${side}'s statement, ${state}`).toMatch(new RegExp(`^${pattern}$`));
        }
      }
    });

    await user.signIn(page);
    await test.step(`${side}: the list`, async () => {
      await page.goto(side === "brand" ? "/applications" : "/proposals");
      for (const state of STATES) {
        const card = page.getByTestId("application-card").filter({ hasText: title(state) });
        const { list, listNote } = rows[state][side];
        await expect(card.getByTestId("application-state"), `${side}'s card, ${state}`).toHaveText(list);
        if (listNote) await expect(card.getByTestId("application-refund")).toHaveText(shown(listNote));
      }
    });

    await test.step(`${side}: the money page`, async () => {
      await page.goto(side === "brand" ? "/hires" : "/earnings");
      await expect(page.getByRole("row").filter({ hasText: title("released") })).toBeVisible();
      for (const state of STATES) {
        const row = page.getByRole("row").filter({ hasText: title(state) });
        const money = rows[state][side].money;
        if (money === null) await expect(row, `${side}'s money row, ${state}`).toHaveCount(0);
        else for (const part of money) await expect(row, `${side}'s money row, ${state}`).toContainText(shown(part));
      }
    });

    for (const state of STATES) {
      await test.step(`${side}: the page of ${state}`, async () => {
        const seen = rows[state][side];
        await page.goto(side === "brand" ? `/applications/${ids[state]}` : `/proposals/${ids[state]}`);
        await expect(page.getByTestId("application-status"), `${side}'s banner, ${state}`).toHaveText(
          new RegExp(`^${shown(seen.headline).source}$`),
        );
        await expect(page.getByTestId("chat-message").last(), `${side}'s chat, ${state}`).toContainText(
          shown(seen.chat),
        );
        const closed = page.getByTestId("chat-disabled");
        if (seen.closed) await expect(closed).toHaveText(new RegExp(`^${shown(seen.closed).source}$`));
        else await expect(closed).toHaveCount(0);
        // "Declined" is a brand's decline only: never said of an expiry or a refund.
        if (state !== "declined") await expect(page.getByText(/declined/i)).toHaveCount(0);
      });
    }
  }
});
