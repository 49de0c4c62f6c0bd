import { once } from "node:events";
import { type AddressInfo, createServer, type Server } from "node:net";
import { desc, eq, outgoingMail } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock, offsetClock } from "../../clock";
import { deliverQueuedMail, MAIL_RETRY_DELAY_MS } from "./deliver-mail";
import { MailDeliveryError, outboxTransport } from "./mail-transport";
import { mailQueue } from "./mailer";
import { smtpMailer } from "./smtp-mailer";

const clock = fixedClock(new Date("2026-05-04T08:00:00Z"));

const testDb = useTestDb();

const lastMail = async () => (await testDb.db.select().from(outgoingMail).orderBy(desc(outgoingMail.id)).limit(1))[0];

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * A loopback SMTP server speaking just enough of RFC 5321 for nodemailer (no TLS, no auth). `rejectRecipient`
 * makes it refuse RCPT TO like a server that does not know the mailbox; `busy` makes it answer MAIL FROM with a
 * transient 451, as a server out of resources does (RFC 5321, 4.2.3). The options are read at each command, so a
 * test changes them while the server runs.
 */
async function startSmtpServer(options: { rejectRecipient?: boolean; busy?: boolean } = {}) {
  const received: Received[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current: Received = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 localhost test SMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 2.0.0 queued");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 localhost");
        else if (verb === "MAIL") {
          if (options.busy) reply("451 4.3.0 try again later");
          else {
            current.from = line;
            reply("250 2.1.0 ok");
          }
        } else if (verb === "RCPT") {
          if (options.rejectRecipient) reply("550 5.1.1 no such mailbox");
          else {
            current.to.push(line);
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "RSET" || verb === "NOOP") reply("250 ok");
        else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("502 5.5.2 not implemented");
      }
    });
    socket.on("error", () => {});
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    options,
    close: () => new Promise((done) => server.close(done)),
  };
}

describe("mailQueue (the port the services use)", () => {
  it("records the mail queued, due at once, unsent, in the caller's transaction", async () => {
    const id = await testDb.db.transaction((tx) =>
      mailQueue(clock).queue(tx, { to: "a@example.com", subject: "Hello", text: "Body", html: "<p>Body</p>" }),
    );
    expect(await lastMail()).toMatchObject({
      id,
      to: "a@example.com",
      subject: "Hello",
      text: "Body",
      html: "<p>Body</p>",
      createdAt: clock.now(),
      nextAttemptAt: clock.now(),
      sentAt: null,
      failedAt: null,
      attempts: 0,
      error: null,
    });
  });

  it("hands the mail's job the same transaction, so both roll back together", async () => {
    const jobs: number[] = [];
    const queue = mailQueue(clock, { enqueue: async (_tx, mailId) => void jobs.push(mailId) });
    await expect(
      testDb.db.transaction(async (tx) => {
        await queue.queue(tx, { to: "rolled@example.com", subject: "S", text: "T" });
        throw new Error("the write fails after the mail");
      }),
    ).rejects.toThrow("the write fails");
    expect(jobs).toHaveLength(1);
    expect(await testDb.db.select().from(outgoingMail).where(eq(outgoingMail.to, "rolled@example.com"))).toEqual([]);
  });
});

describe("outboxTransport (the sandbox)", () => {
  it("logs the mail; the delivery marks it sent in the local mailbox", async () => {
    const logged: object[] = [];
    const transport = outboxTransport({ info: (details) => logged.push(details) });
    const id = await mailQueue(clock).queue(testDb.db, { to: "o@example.com", subject: "Hello", text: "Body" });
    expect(await deliverQueuedMail({ db: testDb.db, clock, transport }, id)).toEqual({ kind: "sent", attempts: 1 });
    expect(await lastMail()).toMatchObject({ id, sentAt: clock.now(), nextAttemptAt: null, attempts: 1, error: null });
    expect(logged).toEqual([
      expect.objectContaining({ mailId: id, to: "o@example.com", subject: "Hello", text: "Body" }),
    ]);
  });
});

describe("smtpMailer (the SMTP transport)", () => {
  it("delivers through the SMTP server", async () => {
    const smtp = await startSmtpServer();
    const transport = smtpMailer({ url: smtp.url, from: "Market <no-reply@market.test>" });
    try {
      await transport.deliver({
        id: 1,
        to: "b@example.com",
        subject: "Reset",
        text: "Open https://x.test/reset?token=abc",
      });
    } finally {
      transport.close();
      await smtp.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.from).toContain("<no-reply@market.test>");
    expect(message?.to).toEqual([expect.stringContaining("<b@example.com>")]);
    expect(message?.data).toContain("Subject: Reset");
    expect(message?.data).toContain("https://x.test/reset?token=abc");
  });

  it("rejects with MailDeliveryError carrying the server's answer when it refuses", async () => {
    const smtp = await startSmtpServer({ rejectRecipient: true });
    const transport = smtpMailer({ url: smtp.url, from: "no-reply@market.test" });
    try {
      const attempt = transport.deliver({ id: 2, to: "c@example.com", subject: "S", text: "T" });
      await expect(attempt).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(attempt).rejects.toThrow(/550|mailbox/);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("rejects when no server listens", async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const transport = smtpMailer({ url: smtp.url, from: "no-reply@market.test" });
    try {
      const attempt = transport.deliver({ id: 3, to: "d@example.com", subject: "S", text: "T" });
      await expect(attempt).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(attempt).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      transport.close();
    }
  });

  it("a queued mail meets a busy server: the error is recorded, it waits its backoff, then it is sent once", async () => {
    const smtp = await startSmtpServer({ busy: true });
    const transport = smtpMailer({ url: smtp.url, from: "no-reply@market.test" });
    const moving = offsetClock(clock);
    const deps = { db: testDb.db, clock: moving, transport };
    try {
      const id = await mailQueue(moving).queue(testDb.db, { to: "e@example.com", subject: "Later", text: "T" });
      const first = await deliverQueuedMail(deps, id, { dueOnly: true });
      expect(first).toMatchObject({ kind: "retry", attempts: 1, error: expect.stringMatching(/451/) });
      expect(await lastMail()).toMatchObject({
        id,
        sentAt: null,
        attempts: 1,
        error: expect.stringMatching(/451/),
        nextAttemptAt: new Date(moving.now().getTime() + MAIL_RETRY_DELAY_MS),
      });
      smtp.options.busy = false;
      // Not due yet: the runner's pass leaves it alone until its backoff ends.
      expect(await deliverQueuedMail(deps, id, { dueOnly: true })).toEqual({ kind: "done" });
      expect(smtp.received).toHaveLength(0);
      moving.advance(MAIL_RETRY_DELAY_MS);
      expect(await deliverQueuedMail(deps, id, { dueOnly: true })).toEqual({ kind: "sent", attempts: 2 });
      expect(await deliverQueuedMail(deps, id)).toEqual({ kind: "done" });
    } finally {
      transport.close();
      await smtp.close();
    }
    expect(smtp.received).toHaveLength(1);
    expect(await lastMail()).toMatchObject({ sentAt: moving.now(), attempts: 2, error: null, nextAttemptAt: null });
  });
});
