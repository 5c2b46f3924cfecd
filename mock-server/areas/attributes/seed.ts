import { Faker, en } from '@faker-js/faker';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type {
  AttributeDefinition,
  AttributeValue,
} from '../../../src/api/contract/projectAttributes';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import type { StoredFileRef } from '../../../src/api/contract/projects';
import {
  ATTRIBUTE_DEFINITIONS,
  PROJECT_FILE_SEED_BASE,
  type AttributesState,
  type StoredAttributeValue,
  type StoredProfileValidation,
} from './model';
import { fixtureFile } from '../../lib/attachments';
import { seeded, type SeedPart } from '../../lib/seed';

const ATTRIBUTES_SEED = 20261130;
/** Projects above this one have no attribute filled in and no validation started yet. */
const PROFILED_PROJECTS = 60;

const INDUSTRIES = [
  'Banking',
  'Insurance',
  'Retail',
  'Automotive',
  'Telecommunications',
  'Public sector',
  'Healthcare',
  'Energy',
  'Logistics',
];
const TECHNOLOGIES = [
  'Java / Spring Boot',
  '.NET',
  'SAP S/4HANA',
  'Salesforce',
  'React / Node.js',
  'Python / Django',
  'Azure data platform',
  'Mainframe COBOL',
];
const SUPPORT_HOURS = ['8x5 CET', '24x7', '12x5 EST', '8x5 IST', '16x6 CET'];

/**
 * Project 1's attributes, fixed for the e2e tests and the demo: most filled, some validated by
 * the QC lead (Omar Haddad, user 5), Support hours left empty to fill in.
 */
const PROJECT_1: Record<string, { value: AttributeValue; validated?: boolean }> = {
  delivery_model: { value: 'fixed_price', validated: true },
  contract_value: { value: 1_250_000, validated: true },
  go_live_date: { value: '2027-03-15' },
  offshore_share: { value: 35, validated: true },
  agile: { value: true },
  client_industry: { value: 'Banking' },
  regulated_domain: { value: true, validated: true },
  main_technology: { value: 'Java / Spring Boot' },
  team_location: { value: 'distributed' },
};

const day = (ms: number) => new Date(ms).toISOString();

/** The attribute values and profile validations of every project, with their own seed. */
export function buildProjectAttributes(
  projects: ProjectListItem[],
  people: PersonRef[],
): AttributesState {
  const faker = new Faker({ locale: [en], seed: ATTRIBUTES_SEED });
  const person = (id: number) => people.find((candidate) => candidate.id === id)!;
  const pm = person(2);
  const qcl = person(5);
  const validators = [person(1), qcl, person(4)];
  const start = Date.UTC(2026, 5, 1);

  const projectAttributes: StoredAttributeValue[] = [];
  const profileValidations: StoredProfileValidation[] = [];
  let fileId = PROJECT_FILE_SEED_BASE;
  const file = (name: string, by: PersonRef, at: number): StoredFileRef => ({
    id: (fileId += 1),
    file_name: name,
    size: fixtureFile(name).length,
    uploaded_at: day(at),
    uploaded_by: by,
  });

  for (const project of projects) {
    if (project.id > PROFILED_PROJECTS) break;
    for (const definition of ATTRIBUTE_DEFINITIONS) {
      const fixed = project.id === 1 ? PROJECT_1[definition.key] : undefined;
      if (project.id === 1 && !fixed) continue;
      if (project.id !== 1 && !faker.datatype.boolean(0.75)) continue;
      const value = fixed ? fixed.value : sampleValue(faker, definition);
      const validated = fixed ? Boolean(fixed.validated) : faker.datatype.boolean(0.4);
      const updatedAt = start + faker.number.int({ min: 0, max: 120 }) * 86_400_000;
      projectAttributes.push({
        project_id: project.id,
        key: definition.key,
        value,
        updated_by: pm,
        updated_at: day(updatedAt),
        validated_by: validated ? (fixed ? qcl : faker.helpers.arrayElement(validators)) : null,
        validated_at: validated ? day(updatedAt + 3 * 86_400_000) : null,
      });
    }

    if (project.id === 1) {
      profileValidations.push({
        project_id: 1,
        status: 'in_progress',
        comment: 'Waiting for the signed profile from the account delivery owner.',
        updated_by: pm,
        updated_at: day(Date.UTC(2026, 9, 20, 9, 30)),
        files: [
          file('Profile review minutes.pdf', pm, Date.UTC(2026, 9, 18, 14, 5)),
          file('Delivery organisation.png', pm, Date.UTC(2026, 9, 19, 8, 40)),
        ],
      });
      continue;
    }
    if (!faker.datatype.boolean(0.5)) continue;
    const status = faker.helpers.arrayElement([
      'in_progress',
      'validated',
      'validated',
      'rejected',
    ] as const);
    const at = start + faker.number.int({ min: 0, max: 150 }) * 86_400_000;
    profileValidations.push({
      project_id: project.id,
      status,
      comment:
        status === 'rejected'
          ? 'The revenue split does not match the contract; please correct it.'
          : status === 'validated'
            ? 'Profile checked against the contract and the staffing plan.'
            : '',
      updated_by: status === 'in_progress' ? pm : faker.helpers.arrayElement(validators),
      updated_at: day(at),
      files:
        status === 'in_progress'
          ? []
          : [file('Profile validation evidence.pdf', pm, at - 86_400_000)],
    });
  }
  return { projectAttributes, profileValidations };
}

function sampleValue(faker: Faker, definition: AttributeDefinition): AttributeValue {
  switch (definition.type) {
    case 'choice':
      return faker.helpers.arrayElement(definition.choices).value;
    case 'number':
      return definition.unit === '%'
        ? faker.number.int({ min: 0, max: 80 })
        : faker.number.int({ min: 40, max: 4_000 }) * 1_000;
    case 'date':
      return day(Date.UTC(2026, 0, 1) + faker.number.int({ min: 0, max: 800 }) * 86_400_000).slice(
        0,
        10,
      );
    case 'boolean':
      return faker.datatype.boolean(0.6);
    case 'text':
      return definition.key === 'client_industry'
        ? faker.helpers.arrayElement(INDUSTRIES)
        : definition.key === 'main_technology'
          ? faker.helpers.arrayElement(TECHNOLOGIES)
          : faker.helpers.arrayElement(SUPPORT_HOURS);
  }
}

export const attributesSeed: SeedPart = {
  name: 'attributes',
  after: ['directory', 'checks'],
  build: (_context, built) => {
    const { projects, people } = seeded(built, 'projects', 'people');
    return buildProjectAttributes(projects, people);
  },
};
