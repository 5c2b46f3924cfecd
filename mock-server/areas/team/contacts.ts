import {
  CONTACT_EDIT_FLAG,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_SIDES,
  CONTACT_SIDE_LABELS,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  type ProjectContact,
} from '../../../src/api/contract/projectContacts';
import { cardAccess, projectRecord } from '../../lib/cardAccess';
import { FieldErrors, optionalText, requiredText } from '../../lib/drf';
import { created, json, noContent, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { requiredChoice } from '../../lib/requiredChoice';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import { recordProjectChange } from '../projects/model';
import { contactsOf, toContact, type StoredProjectContact } from './model';

const SECTION = 'Contacts';

type ContactFields = Omit<ProjectContact, 'id'>;
type ContactField = keyof ContactFields;

const FIELD_LABELS: Record<ContactField, string> = {
  side: 'Side',
  name: 'Name',
  position: 'Position',
  organisation: 'Organisation',
  email: 'Email',
  phone: 'Phone',
  notes: 'Notes',
};

/** Each field of a contact read from the body: required ones must be there (for a POST). */
function readContact(
  errors: FieldErrors,
  body: Record<string, unknown>,
  present: (field: ContactField) => boolean,
): Partial<ContactFields> {
  const contact: Partial<ContactFields> = {};
  if (present('side')) contact.side = requiredChoice(errors, body, 'side', CONTACT_SIDES);
  for (const field of ['name', 'position', 'organisation'] as const)
    if (present(field)) contact[field] = requiredText(errors, body, field, CONTACT_LIMITS[field]);
  if (present('email')) {
    const email = requiredText(errors, body, 'email', CONTACT_LIMITS.email);
    if (email && !EMAIL_PATTERN.test(email)) errors.add('email', CONTACT_MESSAGES.invalidEmail);
    contact.email = email;
  }
  if (present('phone')) {
    const phone = optionalText(errors, body, 'phone', CONTACT_LIMITS.phone).trim();
    if (phone && !PHONE_PATTERN.test(phone)) errors.add('phone', CONTACT_MESSAGES.invalidPhone);
    contact.phone = phone;
  }
  if (present('notes'))
    contact.notes = optionalText(errors, body, 'notes', CONTACT_LIMITS.notes).trim();
  return contact;
}

const shown = (field: ContactField, value: string) =>
  field === 'side' ? CONTACT_SIDE_LABELS[value as ProjectContact['side']] : value;

/** What the History shows of a contact: 'Jane Doe, CTO at Acme (Client side), jane@acme.com'. */
const contactSummary = (contact: ContactFields) =>
  `${contact.name}, ${contact.position} at ${contact.organisation} (${CONTACT_SIDE_LABELS[contact.side]}), ${contact.email}`;

/**
 * The project's contacts: `GET|POST /api/projects/{id}/contacts/` and
 * `PATCH|DELETE /api/projects/{id}/contacts/{contactId}/`. Reading needs the card, changing
 * CAN_EDIT_CONTACT; every change enters the card's History (section 'Contacts').
 */
export function contactRoutes(db: MockDb): Route[] {
  const CONTACTS = '/projects/:id/contacts/';
  const CONTACT = '/projects/:id/contacts/:contactId/';

  /** The contact of the path, checked for a change. */
  const contactAccess = (req: MockRequest) => {
    const found = cardAccess(db, req, CONTACT_EDIT_FLAG);
    const contact = projectRecord(
      found.state.projectContacts,
      found.projectId,
      req.params.contactId,
    );
    return { ...found, contact };
  };

  return [
    route.get(CONTACTS, (req) => {
      const { state, projectId } = cardAccess(db, req);
      return json(
        contactsOf(state, projectId)
          .sort(
            (a, b) =>
              CONTACT_SIDES.indexOf(a.side) - CONTACT_SIDES.indexOf(b.side) ||
              a.name.localeCompare(b.name) ||
              a.id - b.id,
          )
          .map(toContact),
      );
    }),

    route.post(CONTACTS, (req) => {
      const { state, persona, projectId } = cardAccess(db, req, CONTACT_EDIT_FLAG);
      const errors = new FieldErrors();
      const fields = readContact(errors, req.body, () => true) as ContactFields;
      errors.refuseIfAny();
      const contact: StoredProjectContact = {
        id: nextId(state.projectContacts),
        project_id: projectId,
        ...fields,
      };
      mutate(db, (current) => {
        current.projectContacts.push(contact);
        recordProjectChange(current, projectId, personOf(current, persona.userId), {
          section: SECTION,
          field: 'Contact',
          old_value: '',
          new_value: contactSummary(contact),
        });
      });
      return created(toContact(contact));
    }),

    route.patch(CONTACT, (req) => {
      const { persona, projectId, contact } = contactAccess(req);
      const { body } = req;
      const errors = new FieldErrors();
      const fields = readContact(errors, body, (field) => field in body);
      errors.refuseIfAny();
      mutate(db, (current) => {
        const by = personOf(current, persona.userId);
        const changed = (Object.keys(fields) as ContactField[]).filter(
          (field) => fields[field] !== contact[field],
        );
        if (changed.length === 0) return false;
        for (const field of changed)
          recordProjectChange(current, projectId, by, {
            section: SECTION,
            field: `${FIELD_LABELS[field]} of ${contact.name}`,
            old_value: shown(field, contact[field]),
            new_value: shown(field, fields[field]!),
          });
        Object.assign(contact, fields);
      });
      return json(toContact(contact));
    }),

    route.delete(CONTACT, (req) => {
      const { persona, projectId, contact } = contactAccess(req);
      mutate(db, (current) => {
        current.projectContacts = current.projectContacts.filter(
          (candidate) => candidate.id !== contact.id,
        );
        recordProjectChange(current, projectId, personOf(current, persona.userId), {
          section: SECTION,
          field: 'Contact',
          old_value: contactSummary(contact),
          new_value: '',
        });
      });
      return noContent();
    }),
  ];
}
