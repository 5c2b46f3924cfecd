import { PassThrough } from 'node:stream';
import type { Persona } from '../../auth/personas';
import {
  RISK_SHEET_COLUMNS,
  RISK_SHEET_DATE_FORMAT,
  RISK_SHEET_DATE_KEYS,
  RISK_SHEET_NAME,
  riskSheetRow,
} from '../../../src/api/contract/riskSheet';
import { layOutColumns } from '../../../src/api/contract/sheet';
import type { AttachmentStore } from '../../lib/attachments';
import { mailboxOf, OUTBOX_FILE_BASE, sendEmail, type SentEmail } from '../../lib/mail';
import { mutate, type MockDb } from '../../store/db';
import { toListItem } from './access';
import type { StoredRisk } from './model';

/** Rows written between two turns of the event loop: a large export never stalls the mock. */
const ROWS_A_TURN = 1000;

/** exceljs, loaded the first time the mock e-mails a workbook (its CommonJS exports as default). */
async function loadExcel() {
  const module = await import('exceljs');
  return (module as unknown as { default?: typeof module }).default ?? module;
}

/**
 * The .xlsx the backend e-mails: the browser's columns (contract/riskSheet.ts), streamed row by
 * row so that 100 000 rows never sit in memory as cells.
 */
export async function riskWorkbookBytes(risks: readonly StoredRisk[]): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'Project Excellence Platform';
  const sheet = workbook.addWorksheet(RISK_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  layOutColumns(sheet, RISK_SHEET_COLUMNS);
  for (const key of RISK_SHEET_DATE_KEYS) sheet.getColumn(key).numFmt = RISK_SHEET_DATE_FORMAT;
  for (let start = 0; start < risks.length; start += ROWS_A_TURN) {
    for (const risk of risks.slice(start, start + ROWS_A_TURN))
      sheet.addRow(riskSheetRow(toListItem(risk))).commit();
    await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/**
 * "E-mails" the register's rows to the persona: records the e-mail at once, naming its attachment,
 * then builds the workbook in the background and puts its bytes in the attachment store, where
 * the mock's outbox serves it once there. The state is written only here, in the request (a write
 * after the answer would be counted against whatever request came next). Returns the e-mail as
 * recorded and the promise of its attachment (tests await it).
 */
export function emailRiskWorkbook(
  db: MockDb,
  attachments: AttachmentStore,
  persona: Persona,
  risks: readonly StoredRisk[],
  record: Pick<SentEmail, 'risk_query'>,
): { email: SentEmail; attached: Promise<void> } {
  let email!: SentEmail;
  mutate(db, (state) => {
    const id = state.sentEmails.length + 1;
    email = sendEmail(state, {
      to: mailboxOf(persona),
      subject: `Your Excel export of ${risks.length} risks and issues`,
      count: risks.length,
      ...record,
      attachment: { id: OUTBOX_FILE_BASE + id, name: `risk-register-${id}.xlsx` },
    });
  });
  const { id, at, attachment } = email;
  const attached = riskWorkbookBytes(risks).then((bytes) => {
    // A reset while the workbook was built took the e-mail away: nothing to attach it to.
    const sent = db.readState().sentEmails.some((other) => other.id === id && other.at === at);
    if (sent) attachments.put(attachment!.id, bytes);
  });
  // The answer has gone: a failure is the mock's log's, never an unhandled rejection.
  attached.catch((error: unknown) => console.error('The export workbook was not built:', error));
  return { email, attached };
}
