import type { Persona } from '../auth/personas';
import type { RiskExportQuery } from '../../src/api/contract/risks';
import { nowIso } from './clock';

/** Where the outbox keeps the workbooks it "sent": attachment ids from here on, one per e-mail. */
export const OUTBOX_FILE_BASE = 9_000_000;

/** An e-mail the backend would have sent (an Excel export); tests and the demo read them. */
export interface SentEmail {
  /** 1, 2, … in the order sent (older records have none). */
  id?: number;
  to: string;
  subject: string;
  count: number;
  /** The risk register's export by query: the query it was asked with. */
  risk_query?: RiskExportQuery;
  /**
   * The file the e-mail carries, its bytes in the attachment store under `id` once built (the
   * mock's outbox serves it: `GET /__mock/outbox/{email id}/attachment`).
   */
  attachment?: { id: number; name: string };
  /** A report's export: which report, with which filters. */
  report?: { kind: string; filters: Record<string, string> };
  at: string;
}

/** The mailbox of a user: their login at example.com (`user{id}` without a login). */
export const mailboxOf = (persona: Persona) =>
  `${persona.login || `user${persona.userId}`}@example.com`;

/** Records the e-mail as sent now (the store's `sentEmails`); returns it as recorded. */
export function sendEmail(
  state: { sentEmails: SentEmail[] },
  email: Omit<SentEmail, 'at' | 'id'>,
): SentEmail {
  const sent = { id: state.sentEmails.length + 1, ...email, at: nowIso() };
  state.sentEmails.push(sent);
  return sent;
}
