import { createConnection } from "node:net";
import { networkInterfaces } from "node:os";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_KEPT, startMailbox, type Mailbox } from "./mailbox.ts";

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

function transport() {
  return nodemailer.createTransport(`smtp://127.0.0.1:${mailbox.port}`);
}

describe("the local mailbox", () => {
  it("catches what real nodemailer sends and parses it back", async () => {
    mailbox.clear();
    await transport().sendMail({
      from: "Ascend Digital <hello@ascenddigital.ng>",
      to: ["team@ascenddigital.ng", "sales@ascenddigital.ng"],
      cc: "boss@ascenddigital.ng",
      bcc: "archive@ascenddigital.ng",
      replyTo: "Ada Obi <ada@example.com>",
      subject: "New enquiry: Web Design & Development — Ada Obi",
      messageId: "<lead-123.team@ascenddigital.ng>",
      headers: { "List-Id": "Ascend Digital leads <leads.ascenddigital.ng>" },
      text: "Plain part",
      html: "<p>HTML <strong>part</strong></p>",
    });
    const [mail] = mailbox.messages();
    expect(mail).toMatchObject({
      from: "Ascend Digital <hello@ascenddigital.ng>",
      to: ["team@ascenddigital.ng", "sales@ascenddigital.ng"],
      cc: ["boss@ascenddigital.ng"],
      replyTo: "Ada Obi <ada@example.com>",
      subject: "New enquiry: Web Design & Development — Ada Obi",
      messageId: "<lead-123.team@ascenddigital.ng>",
      listId: "Ascend Digital leads <leads.ascenddigital.ng>",
      envelope: {
        from: "hello@ascenddigital.ng",
        to: ["team@ascenddigital.ng", "sales@ascenddigital.ng", "boss@ascenddigital.ng", "archive@ascenddigital.ng"],
      },
    });
    expect(mail!.text).toContain("Plain part");
    expect(mail!.html).toContain("<strong>part</strong>");
    expect(mail!.date).toMatch(/^\d{4}-/);
  });

  it("waits for messages that match: those already caught at once, later ones as they arrive, else a clear failure", async () => {
    mailbox.clear();
    const send = (to: string) =>
      transport().sendMail({ from: "hello@ascenddigital.ng", to, subject: `For ${to}`, text: "Body" });
    await send("early@example.ng");
    expect((await mailbox.waitFor((mail) => mail.to.includes("early@example.ng"))).map((mail) => mail.subject)).toEqual(
      ["For early@example.ng"],
    );
    // Two to come: the wait starts before either is sent.
    const waiting = mailbox.waitFor((mail) => mail.to.includes("late@example.ng"), 2);
    await send("late@example.ng");
    await send("late@example.ng");
    expect(await waiting).toHaveLength(2);
    await expect(mailbox.waitFor((mail) => mail.to.includes("nobody@example.ng"), 1, 50)).rejects.toThrow(
      "The mailbox caught 0 of 1 messages in 50 ms",
    );
  });

  it("keeps the newest first, capped, and clears", async () => {
    mailbox.clear();
    const sender = nodemailer.createTransport({
      host: "127.0.0.1",
      port: mailbox.port,
      pool: true,
      maxMessages: Infinity,
    });
    for (let index = 0; index < MAX_KEPT + 3; index++) {
      await sender.sendMail({ from: "a@example.com", to: "b@example.com", subject: `n${index}`, text: "x" });
    }
    sender.close();
    const subjects = mailbox.messages().map((mail) => mail.subject);
    expect(subjects).toHaveLength(MAX_KEPT);
    expect(subjects[0]).toBe(`n${MAX_KEPT + 2}`);
    mailbox.clear();
    expect(mailbox.messages()).toEqual([]);
  });

  it("refuses a message over the size limit", async () => {
    await expect(
      transport().sendMail({ from: "a@example.com", to: "b@example.com", text: "x".repeat(3 * 1024 * 1024) }),
    ).rejects.toThrow(/552|size|large/i);
  });

  it("listens on the loopback address only", async () => {
    const connect = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = createConnection({ host, port: mailbox.port });
        socket.once("data", (data) => {
          socket.end();
          resolve(String(data).slice(0, 3));
        });
        socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      });
    expect(await connect("127.0.0.1")).toBe("220");
    const external = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === "IPv4");
    if (external) expect(await connect(external.address)).toBe("ECONNREFUSED");
  });
});
