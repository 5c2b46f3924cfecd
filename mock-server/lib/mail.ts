import type { Persona } from '../auth/personas';
import { nowIso } from './clock';

/** An e-mail the backend would have sent (an Excel export); tests and the demo read them. */
export interface SentEmail {
  to: string;
  subject: string;
  count: number;
  /** The risk list's export: the risks it holds. */
  risk_ids?: number[];
  /** A report's export: which report, with which filters. */
  report?: { kind: string; filters: Record<string, string> };
  at: string;
}

/** The mailbox of a user: their login at example.com (`user{id}` without a login). */
export const mailboxOf = (persona: Persona) =>
  `${persona.login || `user${persona.userId}`}@example.com`;

/** Records the e-mail as sent now (the store's `sentEmails`). */
export function sendEmail(state: { sentEmails: SentEmail[] }, email: Omit<SentEmail, 'at'>): void {
  state.sentEmails.push({ ...email, at: nowIso() });
}
