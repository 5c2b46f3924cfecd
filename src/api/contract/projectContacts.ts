/**
 * The project card's Contacts tab (spec §2 card tabs, §6 flag "edit contact"): the client-side,
 * third-party and company people to reach about the project. Spec §7 says the project calls are
 * "not shown": these are the calls this product designs, DRF-style. The SPA, the mock server and
 * the pact tests all import these types.
 *
 * - `GET /api/projects/{id}/contacts/` → `ProjectContact[]` (everyone who sees the card)
 * - `POST /api/projects/{id}/contacts/` with `NewProjectContact` → 201 `ProjectContact`
 * - `PATCH /api/projects/{id}/contacts/{contactId}/` with `ProjectContactPatch` → `ProjectContact`
 * - `DELETE /api/projects/{id}/contacts/{contactId}/` → 204
 *
 * Writes need CAN_EDIT_CONTACT (a 403 names it).
 */

export const CONTACT_EDIT_FLAG = 'CAN_EDIT_CONTACT';

/** Whose side a contact is on (spec §6: company, client or third-party persons). */
export const CONTACT_SIDES = ['client', 'third_party', 'company'] as const;
export type ContactSide = (typeof CONTACT_SIDES)[number];

export const CONTACT_SIDE_LABELS: Record<ContactSide, string> = {
  client: 'Client side',
  third_party: 'Third party',
  company: 'Company',
};

/** Longest text of each field (spec §9 names limits of 200 without their fields; notes is one). */
export const CONTACT_LIMITS = {
  name: 100,
  position: 100,
  organisation: 100,
  email: 254,
  phone: 30,
  notes: 200,
} as const;

/** Digits with the usual separators, an optional leading '+': '+44 20 7946 0958', '(555) 010-2030'. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,28}[0-9]$/;
/** What an email address must look like (Django's EmailValidator, simplified). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ProjectContact {
  id: number;
  side: ContactSide;
  name: string;
  position: string;
  organisation: string;
  email: string;
  /** '' when not given. */
  phone: string;
  /** '' when not given; at most 200 characters. */
  notes: string;
}

/** `POST /api/projects/{id}/contacts/`: phone and notes may be left out. */
export type NewProjectContact = Omit<ProjectContact, 'id' | 'phone' | 'notes'> &
  Partial<Pick<ProjectContact, 'phone' | 'notes'>>;

/** `PATCH /api/projects/{id}/contacts/{contactId}/`. */
export type ProjectContactPatch = Partial<Omit<ProjectContact, 'id'>>;

/** The server's words the SPA shows (and the tests check). */
export const CONTACT_MESSAGES = {
  invalidEmail: 'Enter a valid email address.',
  invalidPhone: 'Enter a valid phone number: digits, spaces, brackets, dots or dashes.',
} as const;
