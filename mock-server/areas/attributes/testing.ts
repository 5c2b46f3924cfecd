import request from 'supertest';
import type {
  ProfileValidation,
  ProjectActionItem,
  ProjectAttribute,
} from '../../../src/api/contract/projectAttributes';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { fixtureFile } from '../../lib/attachments';
import type { SignedIn } from '../../testing/signIn';

/** The calls and files the area's tests share. */

export const PDF = Buffer.from(fixtureFile('evidence.pdf'));
export const OLE2 = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(40),
]);
export const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
export const EML = Buffer.from(
  'From: Priya Nair <pnair@example.com>\r\nSubject: Profile\r\n\r\nSigned.\r\n',
);

export const get = (user: SignedIn, path: string) => request(user.app).get(path).set(user.auth);
export const patch = (user: SignedIn, path: string, body: unknown) =>
  request(user.app)
    .patch(path)
    .set(user.headers)
    .send(body as object);
export const post = (user: SignedIn, path: string) =>
  request(user.app).post(path).set(user.headers);
export const del = (user: SignedIn, path: string) =>
  request(user.app).delete(path).set(user.headers);

export const attributes = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/attributes/`)).body as ProjectAttribute[];
export const attribute = async (user: SignedIn, key: string, projectId = 1) =>
  (await attributes(user, projectId)).find((candidate) => candidate.key === key)!;
export const history = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/history/`)).body as ProjectHistoryEntry[];
export const validation = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/profile-validation/`)).body as ProfileValidation;
export const uploadFiles = (user: SignedIn, projectId = 1) =>
  post(user, `/api/projects/${projectId}/profile-validation/files/`);
export const uploadRevenue = (user: SignedIn, projectId = 1) =>
  post(user, `/api/projects/${projectId}/profile-revenue/`);
export const actionItems = async (user: SignedIn, projectId = 1) =>
  (await get(user, `/api/projects/${projectId}/action-items/`)).body as ProjectActionItem[];
