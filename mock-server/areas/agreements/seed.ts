import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { AgreementCurrency } from '../../../src/api/contract/agreements';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import { AGREEMENT_FILE_SEED_BASE, type AgreementsState, type StoredAgreement } from './model';
import { seeded, type SeedPart } from '../../lib/seed';

/** Projects 1–12 of the fixtures: the ones the demo and the tests open. */
const CANONICAL = 12;
const CURRENCIES: AgreementCurrency[] = ['EUR', 'USD', 'GBP'];

/**
 * The agreements of the canonical projects: a signed master contract, a signed SOW whose end
 * falls in December 2026 (expiring soon in the weeks before), a signed SLA, an expired SOW of the
 * last phase and a draft change agreement; the master contract and the SOW hold a document each.
 */
export function buildAgreements(projects: ProjectListItem[], people: PersonRef[]): AgreementsState {
  const agreements: StoredAgreement[] = [];
  const admin = people.find((person) => person.id === 1) ?? { id: 1, name: 'Admin', login: '' };
  let fileId = AGREEMENT_FILE_SEED_BASE;
  const at = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString();
  for (const project of projects.filter((candidate) => candidate.id <= CANONICAL)) {
    const currency = CURRENCIES[project.id % CURRENCIES.length]!;
    const parties = `${project.account_name} and Delivery Co.`;
    const code = String(project.id).padStart(3, '0');
    const add = (
      fields: Pick<
        StoredAgreement,
        'type' | 'reference' | 'start_date' | 'end_date' | 'value' | 'state'
      >,
      documents: string[] = [],
    ) => {
      const created = at(project.id + agreements.length);
      agreements.push({
        id: agreements.length + 1,
        project_id: project.id,
        parties,
        currency,
        ...fields,
        documents: documents.map((file_name) => {
          fileId += 1;
          return { id: fileId, file_name, size: 1_024, uploaded_at: created, uploaded_by: admin };
        }),
        created_at: created,
        updated_at: created,
      });
    };
    add(
      {
        type: 'contract',
        reference: `MSA-2025-${code}`,
        start_date: '2025-01-01',
        end_date: '2027-12-31',
        value: 1_200_000 + project.id * 10_000,
        state: 'signed',
      },
      [`MSA-2025-${code}.pdf`],
    );
    add(
      {
        type: 'sow',
        reference: `SOW-2026-${code}-02`,
        start_date: '2026-07-01',
        end_date: '2026-12-15',
        value: 240_000,
        state: 'signed',
      },
      [`SOW-2026-${code}-02.pdf`],
    );
    add({
      type: 'sla',
      reference: `SLA-2025-${code}`,
      start_date: '2025-01-01',
      end_date: '2027-06-30',
      value: 0,
      state: 'signed',
    });
    add({
      type: 'sow',
      reference: `SOW-2026-${code}-01`,
      start_date: '2026-01-01',
      end_date: '2026-06-30',
      value: 180_000,
      state: 'expired',
    });
    add({
      type: 'change',
      reference: `CR-2026-${code}-04`,
      start_date: '2027-01-01',
      end_date: '2027-03-31',
      value: 35_500.5,
      state: 'draft',
    });
  }
  return { agreements };
}

export const agreementsSeed: SeedPart = {
  name: 'agreements',
  after: ['directory', 'checks'],
  build: (_context, built) => {
    const { projects, people } = seeded(built, 'projects', 'people');
    return buildAgreements(projects, people);
  },
};
