import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { nextIsoFileId, storedAssessment } from '../../mock-server/iso9001/model';
import { fixtureFile } from '../../mock-server/risks/files';
import { mutate } from '../../mock-server/store/db';
import { ISO_9001_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

const EVIDENCE_FILE = 'training-records.pdf';

/** The ISO 9001 Compliance provider states on the seed (project 1). */
export function iso9001StateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db, attachments } = app.mock;
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, projectId: 1 };
  };
  /** 7.2 of project 1 holds one evidence file (uploaded by admin). */
  const withFile = () => {
    let fileId = 0;
    mutate(db, (state) => {
      fileId = nextIsoFileId(state);
      const admin = state.people.find((person) => person.id === 1)!;
      let row = storedAssessment(state, 1, 702);
      if (!row) {
        row = {
          project_id: 1,
          requirement: 702,
          state: 'partly',
          evidence: [],
          files: [],
          responsible_id: 2,
          review_date: null,
          note: '',
          justification: '',
          updated_at: '2026-11-20T09:00:00.000Z',
          updated_by: admin,
        };
        state.isoAssessments.push(row);
      }
      row.files.push({
        id: fileId,
        file_name: EVIDENCE_FILE,
        size: 1024,
        uploaded_at: '2026-11-20T09:00:00.000Z',
        uploaded_by: admin,
      });
    });
    attachments.put(fileId, fixtureFile(EVIDENCE_FILE));
    return fileId;
  };
  return {
    [ISO_9001_STATES.admin]: () => signedIn('admin'),
    [ISO_9001_STATES.adminWithFile]: async () => {
      // Signing in resets the store: the file is added after it.
      const session = await signedIn('admin');
      return { ...session, fileId: withFile() };
    },
    [ISO_9001_STATES.auditor]: () => signedIn('auditor'),
  };
}
