/**
 * Where verification codes go. The app sends them through the mail and SMS settings of the console
 * (configured-sender.ts); what those do not cover goes to the sender given as
 * `createAppForDatabase(db, { codeSender })`, by default this one: it only writes them to the
 * server log, which is what a development or demo install needs, and keeps them in an outbox for tests.
 */
export type CodeChannel = "sms" | "mail";

export interface CodeMessage {
  channel: CodeChannel;
  /** The phone number or mail address. */
  to: string;
  code: string;
  /** `login` (SMS sign-in) or `reset` (find password). */
  purpose: string;
  tenantId: string;
}

export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

/**
 * The last messages per recipient, bounded so that a long-running server that keeps the default
 * sender cannot grow without limit.
 */
export class Outbox {
  private readonly last = new Map<string, CodeMessage>();

  constructor(private readonly capacity = 1000) {}

  record(message: CodeMessage): void {
    this.last.delete(message.to);
    this.last.set(message.to, message);
    if (this.last.size > this.capacity) this.last.delete(this.last.keys().next().value!);
  }

  /** The last message sent to this phone or address. */
  lastSent(to: string): CodeMessage | undefined {
    return this.last.get(to);
  }

  clear(): void {
    this.last.clear();
  }
}

export class LogCodeSender implements CodeSender {
  readonly outbox = new Outbox();

  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}

  async send(message: CodeMessage): Promise<void> {
    this.log(`[${message.channel}] to=${message.to} code=${message.code}`);
    this.outbox.record(message);
  }
}
