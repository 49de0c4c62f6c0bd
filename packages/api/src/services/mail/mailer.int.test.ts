import { once } from "node:events";
import { type AddressInfo, createServer, type Server } from "node:net";
import { desc, outgoingMail } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { MailDeliveryError, outboxMailer } from "./mailer";
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
 * makes it refuse RCPT TO like a server that does not know the mailbox.
 */
async function startSmtpServer(options: { rejectRecipient?: boolean } = {}) {
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
          current.from = line;
          reply("250 2.1.0 ok");
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
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((done) => server.close(done)) };
}

describe("outboxMailer (the sandbox)", () => {
  it("records the mail as delivered to the local mailbox and logs it", async () => {
    const logged: object[] = [];
    const mailer = outboxMailer(testDb.db, clock, { info: (details) => logged.push(details) });
    await mailer.send({ to: "a@example.com", subject: "Hello", text: "Body", html: "<p>Body</p>" });
    expect(await lastMail()).toMatchObject({
      to: "a@example.com",
      subject: "Hello",
      text: "Body",
      html: "<p>Body</p>",
      sentAt: clock.now(),
      attempts: 1,
      error: null,
    });
    expect(logged).toEqual([expect.objectContaining({ to: "a@example.com", subject: "Hello", text: "Body" })]);
  });
});

describe("smtpMailer", () => {
  it("delivers through the SMTP server and records the mail as sent", async () => {
    const smtp = await startSmtpServer();
    const mailer = smtpMailer(testDb.db, clock, { url: smtp.url, from: "Market <no-reply@market.test>" });
    try {
      await mailer.send({ to: "b@example.com", subject: "Reset", text: "Open https://x.test/reset?token=abc" });
    } finally {
      mailer.close();
      await smtp.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.from).toContain("<no-reply@market.test>");
    expect(message?.to).toEqual([expect.stringContaining("<b@example.com>")]);
    expect(message?.data).toContain("Subject: Reset");
    expect(message?.data).toContain("https://x.test/reset?token=abc");
    expect(await lastMail()).toMatchObject({ to: "b@example.com", sentAt: clock.now(), attempts: 1, error: null });
  });

  it("rejects with MailDeliveryError and records the error when the server refuses", async () => {
    const smtp = await startSmtpServer({ rejectRecipient: true });
    const mailer = smtpMailer(testDb.db, clock, { url: smtp.url, from: "no-reply@market.test" });
    try {
      await expect(mailer.send({ to: "c@example.com", subject: "S", text: "T" })).rejects.toBeInstanceOf(
        MailDeliveryError,
      );
    } finally {
      mailer.close();
      await smtp.close();
    }
    const mail = await lastMail();
    expect(mail).toMatchObject({ to: "c@example.com", sentAt: null, attempts: 1 });
    expect(mail?.error).toMatch(/550|mailbox/);
  });

  it("rejects when no server listens", async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const mailer = smtpMailer(testDb.db, clock, { url: smtp.url, from: "no-reply@market.test" });
    try {
      await expect(mailer.send({ to: "d@example.com", subject: "S", text: "T" })).rejects.toBeInstanceOf(
        MailDeliveryError,
      );
    } finally {
      mailer.close();
    }
    expect(await lastMail()).toMatchObject({
      to: "d@example.com",
      sentAt: null,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});
