import { createMockApp } from '../app';

/**
 * The mock backend (no SPA) over a data file on a free port, in a process of its own: for the
 * kill -9 test and the load bench. Prints `port <n>` once listening. An optional second argument
 * sets the journal size that triggers a compaction (the kill test makes it small, so that kills
 * land in compactions too).
 */
const [dataFile, compactAt] = process.argv.slice(2);
if (!dataFile) throw new Error('usage: fileServer.ts <data file> [compact at bytes]');
const app = createMockApp({
  dataFile,
  ...(compactAt && { compactAtBytes: Number(compactAt) }),
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`port ${address.port}\n`);
});
