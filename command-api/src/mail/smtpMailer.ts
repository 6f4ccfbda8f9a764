import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = { send: (message: MailMessage) => Promise<void>; close: () => void };

/** Sends through the SMTP server of `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    send: async (message) => {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}
