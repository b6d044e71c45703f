import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server inside a test (or a journey) on a free local port: it takes every message,
 * optionally asks for a user and password, and keeps what arrived for the test to read.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text part, transfer encoding undone. */
  text: string;
  /** Whoever signed in for it (AUTH PLAIN/LOGIN), if anyone. */
  user?: string;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** Resolves with the next mail to this address (or one already there). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** Just enough MIME for nodemailer's single text part. */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1] ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text = encoding === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : encoding === "quoted-printable" ? decodeQuotedPrintable(body) : body;
  return { subject: decodeHeader(header("Subject")), text };
}

export async function startTestSmtp(options: { user?: string; password?: string } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: { to: string; done: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { subject, text } = parseMail(Buffer.concat(chunks).toString("utf8"));
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text,
          user: typeof session.user === "string" ? session.user : undefined,
        };
        received.push(mail);
        for (const w of waiters.splice(0)) {
          if (mail.to.includes(w.to)) w.done(mail);
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok());
  });
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return {
    port,
    received,
    waitFor: (to, timeoutMs = 15_000) => {
      const there = received.find((m) => m.to.includes(to));
      if (there) return Promise.resolve(there);
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ to, done: (m) => (clearTimeout(timer), done(m)) });
      });
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
