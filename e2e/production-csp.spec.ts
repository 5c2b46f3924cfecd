import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Express } from 'express';
import type { FakeAuthResponse } from '../src/api/contract/auth';
import { createMockApp } from '../mock-server/app';
import { CSRF_COOKIE } from '../mock-server/auth/middleware';
import { createProductionApp } from '../scripts/serve-app';
import type { PersonaId } from './fixtures';

/**
 * The production build (`npm run build`, no fake-auth screen) behind the production server
 * (`npm run serve`: its CSP, `script-src 'self'` without 'unsafe-eval'), its /api proxied to a
 * mock backend of its own. Each form page must load without a single CSP violation: zod 4
 * probes `new Function` unless told to run jitless (src/shared/ui/form/zod.ts), and the browser
 * reports that probe even though zod catches its failure.
 */

/** Where the app keeps the signed-in user's tokens (src/api/credentials.ts). */
const CREDENTIALS_STORAGE_KEY = 'pep.credentials';
const ROOT = join(import.meta.dirname, '..');
const run = promisify(execFile);

let distDir: string;
let backend: Server;
let production: Server;
let backendUrl: string;
let appUrl: string;

test.beforeAll(async () => {
  // One production build into a folder of its own (7 to 12 s here), beside the demo build the
  // rest of the e2e run uses.
  test.setTimeout(180_000);
  distDir = mkdtempSync(join(tmpdir(), 'pep-csp-'));
  await run(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      distDir,
      '--logLevel',
      'error',
    ],
    { cwd: ROOT },
  );
  backend = await listen(createMockApp());
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  production = await listen(createProductionApp({ apiTarget: backendUrl, distDir }));
  appUrl = `http://127.0.0.1:${(production.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await Promise.all([production, backend].map(close));
  rmSync(distDir, { recursive: true, force: true });
});

const FORM_PAGES: { path: string; persona: PersonaId; ready: (page: Page) => Locator }[] = [
  {
    path: '/risks/1',
    persona: 'risk_owner',
    ready: (page) => page.getByRole('button', { name: 'Save changes' }),
  },
  {
    path: '/checks/1',
    persona: 'pm',
    ready: (page) => page.getByRole('link', { name: 'Open survey' }),
  },
  {
    path: '/create-risk/project',
    persona: 'risk_owner',
    ready: (page) => page.getByRole('textbox', { name: 'Statement' }),
  },
  {
    path: '/projects/1/dex-set-up',
    persona: 'qcl',
    ready: (page) => page.getByRole('button', { name: 'Save the scope' }),
  },
];

test('the form pages of the production build load under its CSP without a violation', async ({
  browser,
}) => {
  // One test for every page, so that a failure builds no second time (a failed test's worker,
  // its beforeAll included, starts again).
  const seen: Record<string, string[]> = {};
  for (const { path, persona, ready } of FORM_PAGES) {
    await test.step(`${path} as ${persona}`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      seen[path] = await watchViolations(page);
      await signInAs(page, persona);
      const response = await page.goto(`${appUrl}${path}`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
      await expect(ready(page)).toBeVisible({ timeout: 30_000 });
      // Chunks the form loads after its first paint, and their schemas, have come in.
      await page.waitForLoadState('networkidle');
      await context.close();
    });
  }
  expect(seen).toEqual(Object.fromEntries(FORM_PAGES.map(({ path }) => [path, []])));
});

/** Every CSP violation the page reports, from its first script on, and the console's refusals. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportCspViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

/**
 * The production build has no fake-auth screen: the tokens come from the mock backend's sign-in
 * (as the SSO callback would hand them over) and are stored where the app keeps them.
 */
async function signInAs(page: Page, persona: PersonaId) {
  const answer = await page.request.post(`${backendUrl}/api/auth/fake-auth/`, {
    data: { persona },
  });
  expect(answer.status()).toBe(200);
  const { access, refresh } = (await answer.json()) as FakeAuthResponse;
  const csrf = answer
    .headersArray()
    .find(
      (header) =>
        header.name.toLowerCase() === 'set-cookie' && header.value.startsWith(`${CSRF_COOKIE}=`),
    );
  const csrfToken = csrf?.value.split(';')[0]?.slice(CSRF_COOKIE.length + 1) ?? '';
  await page.context().addCookies([{ name: CSRF_COOKIE, value: csrfToken, url: appUrl }]);
  await page.addInitScript(([key, credentials]) => localStorage.setItem(key, credentials), [
    CREDENTIALS_STORAGE_KEY,
    JSON.stringify({ access, refresh }),
  ] as const);
}

function listen(app: Express): Promise<Server> {
  return new Promise((resolve) => {
    const server: Server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
