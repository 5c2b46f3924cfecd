import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { nextIsoFileId } from './model';
import { fixtureFile } from '../../lib/attachments';
import { mutate } from '../../store/db';
import { ISO_REQUIREMENTS } from '../../../src/api/contract/iso9001';
import { ISO_9001_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/**
 * The seed's project these states stand on (mock-server/seed/iso9001.ts): its checks, risks and
 * agreements back some requirements; the Competence requirement (clause 7.2) is not assessed.
 */
const PROJECT = 1;
/** The Competence requirement (clause 7.2) in the contract's catalogue. */
const COMPETENCE = 702;
const EVIDENCE_FILE = 'training-records.pdf';
const UPDATED = '2026-11-20T09:00:00.000Z';

const userOf = (personaId: string) => findPersona(personaId)!.userId;
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The ISO 9001 Compliance states of the mock backend, on the seed's project. */
export function iso9001StateHandlers(app: MockApp, signIn: SignIn) {
  const { db, attachments } = app.mock;
  const adminRef = () => db.getState().people.find((person) => person.id === userOf('admin'))!;

  /** The Competence requirement holds one evidence file (uploaded by admin); its id. */
  const withFile = () => {
    let fileId = 0;
    mutate(db, (state) => {
      fileId = nextIsoFileId(state);
      state.isoAssessments = state.isoAssessments.filter(
        (row) => row.project_id !== PROJECT || row.requirement !== COMPETENCE,
      );
      state.isoAssessments.push({
        project_id: PROJECT,
        requirement: COMPETENCE,
        state: 'partly',
        evidence: [],
        files: [
          {
            id: fileId,
            file_name: EVIDENCE_FILE,
            size: 1024,
            uploaded_at: UPDATED,
            uploaded_by: adminRef(),
          },
        ],
        responsible_id: userOf('pm'),
        review_date: null,
        note: '',
        justification: '',
        updated_at: UPDATED,
        updated_by: adminRef(),
      });
    });
    attachments.put(fileId, fixtureFile(EVIDENCE_FILE));
    return fileId;
  };

  /** Every requirement of the project compliant, its signed contract as evidence. */
  const assessEvery = () => {
    const contract = db
      .getState()
      .agreements.find((row) => row.project_id === PROJECT && row.type === 'contract');
    if (!contract) throw new Error(`The seed holds no contract on project ${PROJECT}`);
    mutate(db, (state) => {
      state.isoAssessments = [
        ...state.isoAssessments.filter((row) => row.project_id !== PROJECT),
        ...ISO_REQUIREMENTS.map((requirement) => ({
          project_id: PROJECT,
          requirement: requirement.id,
          state: 'compliant' as const,
          evidence: [{ kind: 'agreement' as const, id: contract.id }],
          files: [],
          responsible_id: userOf('pm'),
          review_date: inDays(90),
          note: 'Backed by the master contract.',
          justification: '',
          updated_at: UPDATED,
          updated_by: adminRef(),
        })),
      ];
    });
  };

  return handlersFor(ISO_9001_STATES, signIn, {
    editor: () => {
      const check = db.getState().polls.find((poll) => poll.project_id === PROJECT);
      if (!check) throw new Error(`The seed holds no check of project ${PROJECT}`);
      return {
        projectId: PROJECT,
        requirementId: COMPETENCE,
        checkId: check.id,
        responsibleId: userOf('qcl'),
      };
    },
    editorWithFile: () => ({
      projectId: PROJECT,
      requirementId: COMPETENCE,
      fileId: withFile(),
    }),
    reader: ({ params }) => {
      if (params?.assessment === 'every') assessEvery();
      else
        mutate(db, (state) => {
          state.isoAssessments = state.isoAssessments.filter((row) => row.project_id !== PROJECT);
        });
      return { projectId: PROJECT, requirementId: COMPETENCE };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = iso9001StateHandlers;
