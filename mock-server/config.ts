import { resolve } from 'node:path';

/** Where `npm start` and `npm run mock:reset` keep the demo state. */
export const DEFAULT_DATA_FILE = resolve(process.env.MOCK_DATA_FILE ?? '.mock-data/db.json');
export const DEFAULT_PORT = Number(process.env.PORT ?? 3000);
