import { DEFAULT_DATA_FILE, DEFAULT_PORT } from './config';
import { createAttachmentStore } from './store/attachmentFiles';
import { resetDb } from './store/db';
import { openDb } from './store/openDb';

/** `npm run mock:reset`: asks a running mock server to reset, else rewrites the data file. */
try {
  const response = await fetch(`http://localhost:${DEFAULT_PORT}/__mock/reset`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`status ${response.status}`);
  console.log(`Reset the running mock server on port ${DEFAULT_PORT}.`);
} catch {
  resetDb(openDb(DEFAULT_DATA_FILE));
  createAttachmentStore(DEFAULT_DATA_FILE).clear();
  console.log(`Reset ${DEFAULT_DATA_FILE} to the fixtures.`);
}
