import {
  attributeValueError,
  attributeValueText,
  EDIT_ATTRIBUTES_FLAG,
  FILL_ATTRIBUTES_FLAG,
  VALIDATE_ATTRIBUTES_FLAG,
  type AttributeValue,
} from '../../../src/api/contract/projectAttributes';
import type { AreaServices } from '../../lib/area';
import { cardAccess, requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import { FieldErrors, NOTHING_TO_CHANGE } from '../../lib/drf';
import { forbidden, json, notFound, ruleBroken, type MockRequest } from '../../lib/http';
import { route, type Route } from '../../lib/routes';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import { attributeOf, attributesOf, definitionOf, type StoredAttributeValue } from './model';

const ATTRIBUTES = 'Attributes';

const validatedText = (row: StoredAttributeValue) =>
  row.validated_by ? `Validated by ${row.validated_by.name}` : 'Not validated';

/** The attribute of `:key`, or DRF's 404. */
const attributeOfRequest = (req: MockRequest) => definitionOf(String(req.params.key)) ?? notFound();

/**
 * The card's attributes: `GET|PATCH /api/projects/{id}/attributes/` and `POST|DELETE
 * …/attributes/{key}/validation/`. Filling needs CAN_FILL_PROJECT_ATTRIBUTES or
 * CAN_EDIT_ATTRIBUTES, changing a validated value CAN_EDIT_ATTRIBUTES (it clears the validation),
 * validating CAN_VALIDATE_ATTRIBUTES, clearing a validation CAN_EDIT_ATTRIBUTES. Each change
 * enters the card's History under 'Attributes'.
 */
export function attributeValueRoutes({ db }: AreaServices): Route[] {
  /** The project's row of `key`, in `state`. */
  const rowOf = (state: ReturnType<typeof db.getState>, projectId: number, key: string) =>
    state.projectAttributes.find((row) => row.project_id === projectId && row.key === key);

  return [
    route.get('/projects/:id/attributes/', (req) => {
      const card = cardAccess(db, req);
      return json(attributesOf(card.state, card.projectId));
    }),

    route.patch('/projects/:id/attributes/', (req) => {
      const card = cardAccess(db, req);
      const { persona, projectId, state } = card;
      const mayEdit = persona.permissions.includes(EDIT_ATTRIBUTES_FLAG);
      if (!mayEdit) requireFlags(persona, FILL_ATTRIBUTES_FLAG);
      const { body } = req;
      const errors = new FieldErrors();
      const changes: { key: string; value: AttributeValue }[] = [];
      for (const [key, value] of Object.entries(body)) {
        const definition = definitionOf(key);
        if (!definition) {
          errors.add(key, 'There is no such attribute.');
          continue;
        }
        const problem = attributeValueError(definition, value);
        if (problem) {
          errors.add(key, problem);
          continue;
        }
        const clean =
          typeof value === 'string' && definition.type === 'text' ? value.trim() : value;
        changes.push({ key, value: clean as AttributeValue });
      }
      if (Object.keys(body).length === 0) errors.add('non_field_errors', NOTHING_TO_CHANGE);
      // A validated value changes only with the edit flag: the validation is cleared then.
      const locked = changes.find(({ key, value }) => {
        const row = rowOf(state, projectId, key);
        return row?.validated_by && row.value !== value;
      });
      if (locked && !mayEdit)
        forbidden(`"${locked.key}" is validated: changing it needs ${EDIT_ATTRIBUTES_FLAG}.`);
      errors.refuseIfAny();
      mutate(db, (current) => {
        const at = nowIso();
        let changed = false;
        for (const { key, value } of changes) {
          const definition = definitionOf(key)!;
          let row = rowOf(current, projectId, key);
          const before = row?.value ?? null;
          if (before === value) continue;
          if (!row) {
            row = {
              project_id: projectId,
              key,
              value: null,
              updated_by: null,
              updated_at: null,
              validated_by: null,
              validated_at: null,
            };
            current.projectAttributes.push(row);
          }
          const wasValidated = validatedText(row);
          row.value = value;
          row.updated_by = card.by;
          row.updated_at = at;
          changed = true;
          recordProjectChange(current, projectId, card.by, {
            section: ATTRIBUTES,
            field: definition.label,
            old_value: attributeValueText(definition, before),
            new_value: attributeValueText(definition, value),
          });
          if (row.validated_by) {
            row.validated_by = null;
            row.validated_at = null;
            recordProjectChange(current, projectId, card.by, {
              section: ATTRIBUTES,
              field: `${definition.label} (validation)`,
              old_value: wasValidated,
              new_value: 'Not validated: the value changed',
            });
          }
        }
        return changed;
      });
      return json(attributesOf(db.getState(), projectId));
    }),

    route.postAny('/projects/:id/attributes/:key/validation/', (req) => {
      const card = cardAccess(db, req);
      requireFlags(card.persona, VALIDATE_ATTRIBUTES_FLAG);
      const definition = attributeOfRequest(req);
      const { projectId } = card;
      const row = rowOf(card.state, projectId, definition.key);
      if (!row || row.value === null) ruleBroken('Fill in a value before validating it.');
      if (row.validated_by) ruleBroken('This attribute is validated already.');
      mutate(db, (current) => {
        row.validated_by = card.by;
        row.validated_at = nowIso();
        recordProjectChange(current, projectId, card.by, {
          section: ATTRIBUTES,
          field: `${definition.label} (validation)`,
          old_value: 'Not validated',
          new_value: `Validated: ${attributeValueText(definition, row.value)}`,
        });
      });
      return json(attributeOf(definition, row));
    }),

    route.delete('/projects/:id/attributes/:key/validation/', (req) => {
      const card = cardAccess(db, req);
      requireFlags(card.persona, EDIT_ATTRIBUTES_FLAG);
      const definition = attributeOfRequest(req);
      const { projectId } = card;
      const row = rowOf(card.state, projectId, definition.key);
      if (!row?.validated_by) ruleBroken('This attribute is not validated.');
      mutate(db, (current) => {
        const before = validatedText(row);
        row.validated_by = null;
        row.validated_at = null;
        recordProjectChange(current, projectId, card.by, {
          section: ATTRIBUTES,
          field: `${definition.label} (validation)`,
          old_value: before,
          new_value: 'Not validated',
        });
      });
      return json(attributeOf(definition, row));
    }),
  ];
}
