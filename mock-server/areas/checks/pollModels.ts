import modelFixtures from '../../../fixtures/poll-models.json' with { type: 'json' };
import type {
  AnswerOption,
  DriverArea,
  DriverRisk,
  PollModel,
  PollModelInfo,
  PollType,
  RespondentRole,
} from '../../../src/api/contract/polls';

export interface ModelQuestion {
  id: number;
  text: string;
  hint: string;
  roles: RespondentRole[];
}

export interface ModelDriver {
  id: number;
  slug: string;
  name: string;
  description: string;
  area: DriverArea;
  kb_link: string;
  risks: DriverRisk[];
  questions: ModelQuestion[];
}

export interface ModelDef {
  code: PollModel;
  name: string;
  description: string;
  types: PollType[];
  options: AnswerOption[];
  drivers: ModelDriver[];
}

const ANSWERS: AnswerOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'partially', label: 'Partially' },
  { value: 'no', label: 'No' },
  { value: 'na', label: 'Not applicable' },
];

const AUDIT_ANSWERS: AnswerOption[] = [
  { value: 'compliant', label: 'Compliant' },
  { value: 'minor', label: 'Minor non-conformity' },
  { value: 'major', label: 'Major non-conformity' },
  { value: 'na', label: 'Not applicable' },
];

/** The 30 areas of the QMO technical assessment: the long survey (30 drivers × 20 questions). */
const TA_AREAS = [
  'Architecture',
  'Code quality',
  'Source control',
  'Build pipeline',
  'Release management',
  'Environments',
  'Infrastructure as code',
  'Observability',
  'Incident management',
  'Performance',
  'Scalability',
  'Security design',
  'Secrets management',
  'Dependency management',
  'Data management',
  'Backup and recovery',
  'API design',
  'Front-end engineering',
  'Accessibility',
  'Test automation',
  'Test data',
  'Documentation',
  'Knowledge sharing',
  'Technical debt',
  'Estimation',
  'Capacity planning',
  'Vendor components',
  'Licensing',
  'Cost of operation',
  'Sustainability',
];

const TA_QUESTIONS = [
  'Is the {area} approach documented?',
  'Is the {area} documentation current (updated in the last quarter)?',
  'Does the team agree on the {area} standards it follows?',
  'Are the {area} standards checked automatically?',
  'Is there a named owner for {area}?',
  'Are {area} decisions recorded with their reasons?',
  'Has {area} been reviewed by someone outside the team this year?',
  'Are the findings of the last {area} review closed?',
  'Is {area} measured with an agreed metric?',
  'Is the {area} metric reported to the client?',
  'Are {area} risks in the risk register?',
  'Do new team members get an introduction to {area}?',
  'Is {area} covered by the definition of done?',
  'Are {area} tools licensed and supported?',
  'Can {area} problems be detected before production?',
  'Is there a plan to improve {area} in the next quarter?',
  'Does the client know the state of {area}?',
  'Are {area} costs known and tracked?',
  'Is {area} consistent across the project’s components?',
  'Would an external assessor rate {area} as mature?',
];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

type FixtureModel = (typeof modelFixtures)[number];

function technicalAssessment(): FixtureModel {
  return {
    code: 'qmo_ta',
    name: 'QMO technical assessment',
    description:
      'The long technical assessment of the quality management office: thirty areas of engineering, twenty questions each.',
    types: ['qmo_health_check'],
    drivers: TA_AREAS.map((area) => ({
      slug: slugify(area),
      name: area,
      area: 'Technical assessment',
      description: `How the project handles ${area.toLowerCase()}.`,
      kb_link: `https://kb.example.com/pep/technical-assessment/${slugify(area)}`,
      risks: [],
      questions: TA_QUESTIONS.map((template) => ({
        text: template.replace('{area}', area.toLowerCase()),
        hint: 'Answer for the project as it is today, not as planned.',
        roles: ['pm', 'qcl', 'exp'],
      })),
    })),
  };
}

let catalogue: ModelDef[] | undefined;

/** The model catalogue with its driver, question and risk ids: the same ids on every start. */
export function pollModels(): ModelDef[] {
  if (catalogue) return catalogue;
  let driverId = 0;
  let questionId = 0;
  let riskId = 0;
  catalogue = [...modelFixtures, technicalAssessment()].map((model) => ({
    code: model.code as PollModel,
    name: model.name,
    description: model.description,
    types: model.types as PollType[],
    options: model.code === 'audit_pm' ? AUDIT_ANSWERS : ANSWERS,
    drivers: model.drivers.map((driver) => ({
      id: (driverId += 1),
      slug: driver.slug,
      name: driver.name,
      description: driver.description,
      area: { name: driver.area },
      kb_link: driver.kb_link,
      risks: driver.risks.map((title) => ({ id: (riskId += 1), title })),
      questions: driver.questions.map((question) => ({
        id: (questionId += 1),
        text: question.text,
        hint: question.hint,
        roles: question.roles as RespondentRole[],
      })),
    })),
  }));
  return catalogue;
}

export function modelOf(code: PollModel): ModelDef {
  const model = pollModels().find((candidate) => candidate.code === code);
  if (!model) throw new Error(`Unknown poll model ${code}`);
  return model;
}

/** `GET /api/poll-models/` body. */
export function modelInfo(model: ModelDef): PollModelInfo {
  return {
    code: model.code,
    name: model.name,
    description: model.description,
    types: model.types,
    drivers: model.drivers.map((driver) => ({
      slug: driver.slug,
      name: driver.name,
      description: driver.description,
      area: driver.area,
      kb_link: driver.kb_link,
      questions: driver.questions.map(({ id, text, roles }) => ({ id, text, roles })),
    })),
  };
}
