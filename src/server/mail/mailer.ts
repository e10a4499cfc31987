import type { ConfigStore } from '../modules/config/config.store.ts';
import { SETTINGS } from '../../domain/settings/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
}

/** Sends mail through the SMTP server of the e-mail config, read at send time so edits apply at once. */
export class Mailer {
  private readonly settings: ConfigStore;
  constructor(settings: ConfigStore) {
    this.settings = settings;
  }

  async enabled(): Promise<boolean> {
    return this.settings.get(SETTINGS.email.enable);
  }

  async send(msg: MailMessage): Promise<void> {
    const c = await this.settings.group(SETTINGS.email);
    if (!c.enable) throw new Error('邮件服务未启用');
    const port = c.port || SETTINGS.email.port.default;
    // loaded on the first mail: most processes never send one, and the module costs memory
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      host: c.host,
      port,
      // port 465 speaks TLS from the first byte; other ports may upgrade with STARTTLS
      secure: c.is_tls && port === 465,
      ignoreTLS: !c.is_tls,
      auth: c.username && c.password ? { user: c.username, pass: c.password } : undefined,
      tls: { rejectUnauthorized: false },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail({
        from: { name: c.from_name || c.username, address: c.username || 'noreply@localhost' },
        to: msg.to,
        subject: msg.subject,
        html: msg.html,
      });
    } finally {
      transport.close();
    }
  }
}
