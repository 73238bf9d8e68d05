import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about, logged when there is no SMTP server. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Mails through SMTP_URL; without it, writes the message (and its link) to the server log. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, logger: Logger): Mailer {
  if (!config.smtpUrl) {
    return {
      send: async ({ to, subject, link }) => {
        logger.info({ to, subject, link }, 'mail not sent (SMTP_URL unset)');
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from: config.mailFrom, to, subject, text });
    },
  };
}
