/**
 * SMTP delivery in two steps, so the sender knows where a failure happened: `open()` connects, greets and logs
 * in (nothing of a message has left: any failure is retried), `send()` hands one message over (a reply code
 * says what the server decided; a failure without one may have happened after the server took the message).
 * nodemailer's SMTPConnection does the protocol; `SMTP_URL` is `smtp://[user:pass@]host[:port]` (STARTTLS when
 * the server offers it) or `smtps://…` (TLS from the start, port 465 by default).
 */
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/** One connection, for several messages in turn (a drain reuses it: one greeting and TLS handshake). */
export interface SmtpSession {
  /** Before each message: after the first, RSET (a failure here sends nothing). */
  prepare(): Promise<void>;
  send(envelope: { from: string; to: string[] }, raw: Buffer): Promise<void>;
  close(): void;
}

export interface MailTransport {
  open(): Promise<SmtpSession>;
}

/** An SMTP failure: the server's reply code when there was one, and the error's kind (never its text). */
export interface SmtpFailure {
  responseCode?: number;
  code?: string;
  command?: string;
}

export function smtpFailure(err: unknown): SmtpFailure {
  const e = err as { responseCode?: unknown; code?: unknown; command?: unknown } | null;
  return {
    responseCode: typeof e?.responseCode === 'number' ? e.responseCode : undefined,
    code: typeof e?.code === 'string' ? e.code : undefined,
    command: typeof e?.command === 'string' ? e.command : undefined,
  };
}

export function parseSmtpUrl(url: string) {
  const u = new URL(url);
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
  };
}

/** A transport to `url` (a function: the local sink's address is known once it listens). */
export function smtpTransport(url: string | (() => Promise<string>)): MailTransport {
  return {
    async open() {
      const cfg = parseSmtpUrl(typeof url === 'string' ? url : await url());
      const conn = new SMTPConnection({
        host: cfg.host,
        port: cfg.port,
        secure: cfg.secure,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      // nodemailer reports a lost connection as an 'error' (or an 'end') event, not always through the callback:
      // each step settles on whichever comes first.
      const step = (run: (done: (err?: Error | null) => void) => void) =>
        new Promise<void>((resolve, reject) => {
          const onError = (err: Error) => finish(err);
          const onEnd = () =>
            finish(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION', command: 'CONN' }));
          const finish = (err?: Error | null) => {
            conn.removeListener('error', onError);
            conn.removeListener('end', onEnd);
            if (err) reject(err);
            else resolve();
          };
          conn.once('error', onError);
          conn.once('end', onEnd);
          run(finish);
        });
      // An error event with no step listening (after close) must not crash the process.
      conn.on('error', () => {});
      try {
        await step((done) => conn.connect(() => done()));
        const auth = cfg.auth;
        if (auth) await step((done) => conn.login({ credentials: auth }, (err) => done(err)));
      } catch (err) {
        conn.close();
        throw err;
      }
      let used = false;
      return {
        prepare: async () => {
          if (used) await step((done) => conn.reset((err) => done(err)));
        },
        send: (envelope, raw) => {
          used = true;
          return step((done) => conn.send(envelope, raw, (err) => done(err)));
        },
        close: () => {
          try {
            conn.quit();
          } catch {
            conn.close();
          }
        },
      };
    },
  };
}
