import type {
  AttributeDefinition,
  ProjectAttribute,
} from '../../../src/api/contract/projectAttributes';
import { nextFileId } from '../../lib/files';
import type { AttributesState, StoredAttributeValue, StoredProfileValidation } from './state';

export type { AttributesState, StoredAttributeValue, StoredProfileValidation } from './state';

/** What the backend defines: the attributes every project card has, in this order. */
export const ATTRIBUTE_DEFINITIONS: readonly AttributeDefinition[] = [
  choice('delivery_model', 'Delivery model', 'How the contract pays for the delivery.', [
    ['fixed_price', 'Fixed price'],
    ['time_and_material', 'Time and material'],
    ['managed_service', 'Managed service'],
  ]),
  number('contract_value', 'Contract value', 'The total value of the signed contract.', {
    unit: 'EUR',
    min: 0,
    max: 1_000_000_000,
    decimals: 2,
  }),
  {
    ...base('go_live_date', 'Go-live date', 'When the solution goes into production.'),
    type: 'date',
  },
  number('offshore_share', 'Offshore share', 'Share of the effort delivered offshore.', {
    unit: '%',
    min: 0,
    max: 100,
    decimals: 0,
  }),
  { ...base('agile', 'Agile', 'Whether the team works in an agile way.'), type: 'boolean' },
  text('client_industry', 'Client industry', 'The client’s industry, as the CRM names it.', 200),
  {
    ...base('regulated_domain', 'Regulated domain', 'Whether a regulator audits the domain.'),
    type: 'boolean',
  },
  text('main_technology', 'Main technology', 'The main platform or language.', 200),
  choice('team_location', 'Team location', 'Where most of the team works.', [
    ['onshore', 'Onshore'],
    ['nearshore', 'Nearshore'],
    ['offshore', 'Offshore'],
    ['distributed', 'Distributed'],
  ]),
  text('support_hours', 'Support hours', 'When the support desk answers, e.g. 8x5 CET.', 50),
];

function base(key: string, label: string, hint: string): AttributeDefinition {
  return {
    key,
    label,
    type: 'text',
    hint,
    unit: null,
    min: null,
    max: null,
    decimals: null,
    max_length: null,
    choices: [],
  };
}
function text(key: string, label: string, hint: string, max: number): AttributeDefinition {
  return { ...base(key, label, hint), max_length: max };
}
function number(
  key: string,
  label: string,
  hint: string,
  bounds: { unit: string; min: number; max: number; decimals: number },
): AttributeDefinition {
  return { ...base(key, label, hint), type: 'number', ...bounds };
}
function choice(
  key: string,
  label: string,
  hint: string,
  choices: [string, string][],
): AttributeDefinition {
  return {
    ...base(key, label, hint),
    type: 'choice',
    choices: choices.map(([value, name]) => ({ value, label: name })),
  };
}

export const definitionOf = (key: string) =>
  ATTRIBUTE_DEFINITIONS.find((definition) => definition.key === key);

/**
 * Ids of the card's files: the seed's are below PROJECT_FILE_UPLOAD_BASE (their bytes are
 * generated from their names), uploads above it (their bytes in the attachment store, far from
 * the risk attachments' ids).
 */
export const PROJECT_FILE_SEED_BASE = 500_000;
export const PROJECT_FILE_UPLOAD_BASE = 1_000_000;

/** The next id for an uploaded file of the card (profile validation files and revenue sheets). */
export function nextProjectFileId(
  state: AttributesState & { projectDetails: { profile_revenue: { id: number } | null }[] },
): number {
  const ids = [
    ...state.profileValidations.flatMap((validation) => validation.files.map((file) => file.id)),
    ...state.projectDetails.flatMap((details) =>
      details.profile_revenue ? [details.profile_revenue.id] : [],
    ),
  ];
  return nextFileId(PROJECT_FILE_UPLOAD_BASE, ids);
}

/** Every attribute of the project with its value and validation, in the definitions' order. */
export function attributesOf(state: AttributesState, projectId: number): ProjectAttribute[] {
  const stored = new Map(
    state.projectAttributes
      .filter((row) => row.project_id === projectId)
      .map((row) => [row.key, row] as const),
  );
  return ATTRIBUTE_DEFINITIONS.map((definition) =>
    attributeOf(definition, stored.get(definition.key)),
  );
}

export function attributeOf(
  definition: AttributeDefinition,
  row: StoredAttributeValue | undefined,
): ProjectAttribute {
  return {
    ...definition,
    choices: definition.choices.map((option) => ({ ...option })),
    value: row?.value ?? null,
    updated_by: row?.updated_by ?? null,
    updated_at: row?.updated_at ?? null,
    validation:
      row?.validated_by && row.validated_at ? { by: row.validated_by, at: row.validated_at } : null,
  };
}

export function validationOf(
  state: AttributesState,
  projectId: number,
): StoredProfileValidation | undefined {
  return state.profileValidations.find((validation) => validation.project_id === projectId);
}
