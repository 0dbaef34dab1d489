import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  kind: 'smtp' | 'outbox';
}

/** SMTP when SMTP_URL is set; otherwise every message is kept as an .eml file in the outbox folder. */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        const info = await transport.sendMail({ from: opts.from, ...m });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
  };
}
