import { MockDb, type MockDbOptions } from './db';
import { buildSeed } from '../seed/seed';
import { Journal } from './journal';

/** The mock's store in node: persisted through a journal beside `path`, in memory without one. */
export function openDb(path?: string, options: MockDbOptions = {}): MockDb {
  return new MockDb(
    path ? new Journal(path, { compactAtBytes: options.compactAtBytes }) : undefined,
    buildSeed,
    options,
  );
}
