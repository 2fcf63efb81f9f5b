import { RESET_LINK_MINUTES } from '@revlane/contracts';
import type { MailMessage } from '../../platform/mail/mailer.js';

/** Where the SPA's reset page lives; the token rides in the fragment, never sent to a server. */
export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password#token=${token}`;
}

export function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Revlane password',
    text: [
      'Someone asked to reset the password of your Revlane account.',
      '',
      `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:`,
      link,
      '',
      'The link works once. If you did not ask for it, ignore this message: your password',
      'stays as it is.',
    ].join('\n'),
  };
}
