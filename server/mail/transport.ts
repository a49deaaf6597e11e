import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/**
 * Outgoing mail. With SMTP_URL the message goes to that relay (nodemailer's SMTP client, STARTTLS
 * when the relay offers it). Without it the very same RFC 822 message, built by nodemailer's MIME
 * composer, is written to DATA_DIR/mail/<time>-<random>.eml: a venue server without a relay still
 * produces the real email, and an operator can open or forward it.
 */

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

export interface MailResult {
  transport: 'smtp' | 'file';
  messageId: string;
  /** The .eml written, for the file transport. */
  file?: string;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** Bounded so a dead relay fails the request within seconds instead of holding it open. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function mailDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

export async function sendMail(config: MailConfig, msg: MailMessage): Promise<MailResult> {
  const message = { from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text, attachments: msg.attachments };
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    try {
      const info = await transport.sendMail(message);
      return { transport: 'smtp', messageId: info.messageId };
    } finally {
      transport.close();
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(message);
  const dir = mailDir(config.dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
  const file = path.join(dir, name);
  // Written under a temporary name and renamed, so a reader never sees half a message.
  const tmp = `${file}.tmp`;
  await fs.writeFile(tmp, info.message as Buffer);
  await fs.rename(tmp, file);
  return { transport: 'file', messageId: info.messageId, file };
}
