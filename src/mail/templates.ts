// Plain-text mail. Game mail carries njudge-style `::` header lines so tools can parse it.
import type { Config } from '../config.ts';
import type { OutgoingMail } from './outbox.ts';
import { formatTime } from './time.ts';

export function signature(config: Config): string {
  return `\n-- \nkahu judge · ${config.publicUrl} · API docs: ${config.publicUrl}/docs\n`;
}

export function tokenMail(
  config: Config,
  account: { email: string; timeZone: string },
  token: string,
  reason: 'register' | 'sign-in',
  now: Date,
): OutgoingMail {
  return {
    to: account.email,
    kind: 'token',
    subject: reason === 'register' ? 'kahu: your API token' : 'kahu: sign-in token',
    body:
      `Here is your API token for kahu, issued ${formatTime(now, account.timeZone)}:\n\n` +
      `    ${token}\n\n` +
      `Scripts send it with every request as the header\n\n    Authorization: Bearer ${token}\n\n` +
      `It proves you own ${account.email}. Keep it secret. You can list and revoke your tokens with\n` +
      `GET /accounts/me/tokens and DELETE /accounts/me/tokens/{id}. If you did not ask for it, revoke it.\n` +
      signature(config),
  };
}

/** A one-time sign-in link for the web client: it opens the page and is good once, briefly. */
export function signInLinkMail(
  config: Config,
  account: { email: string; timeZone: string },
  code: string,
  minutes: number,
  now: Date,
  next?: string,
): OutgoingMail {
  const link = `${config.publicUrl}/#signin=${code}${next ? `&next=${next}` : ''}`;
  return {
    to: account.email,
    kind: 'token',
    subject: 'kahu: your sign-in link',
    body:
      `To sign in to kahu in your browser, open this link (asked for ${formatTime(now, account.timeZone)}):\n\n    ${link}\n\n` +
      `It works once, within ${minutes} minutes. If you did not ask for it, ignore this mail: nothing happens without the link.\n` +
      signature(config),
  };
}

export function noAccountMail(
  config: Config,
  email: string,
  web?: { code: string; minutes: number; next?: string },
): OutgoingMail {
  return {
    to: email,
    kind: 'token',
    subject: 'kahu: no account for this address',
    body: web
      ? `Someone asked to sign in to kahu as ${email}, but no account uses this address yet.\nTo create your account and sign in, open this link in your browser:\n\n    ${config.publicUrl}/#signin=${web.code}${web.next ? `&next=${web.next}` : ''}\n\n` +
        `It works once, within ${web.minutes} minutes; the account exists only once you follow it. If you did not ask for it, ignore this mail: nothing happens without the link.\n` +
        signature(config)
      : `Someone asked to sign in to kahu as ${email}, but no account uses this address.\nRegister with POST ${config.publicUrl}/accounts.\n` +
        signature(config),
  };
}
