import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eBaseUrl } from '../playwright.config';

export type PersonaId =
  | 'admin'
  | 'pm'
  | 'expert'
  | 'main_expert'
  | 'qcl'
  | 'auditor'
  | 'supervisor'
  | 'risk_owner'
  | 'account_owner'
  | 'viewer'
  | 'portfolio';

interface Fixtures {
  /** Signs in through the fake-auth link, as a shared demo link would. */
  signInAs: (persona: PersonaId, redirectTo?: string) => Promise<void>;
  /** Switches mock-server scenarios at run time; cleared after each test. */
  scenarios: {
    add: (scenario: Record<string, unknown>) => Promise<void>;
  };
  expectAccessible: (page?: Page) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // Each worker drives its own server, with its own data (playwright.config.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names.
  baseURL: async ({}, use, testInfo) => {
    await use(e2eBaseUrl(testInfo.parallelIndex));
  },
  signInAs: async ({ page }, use) => {
    await use(async (persona, redirectTo = '/') => {
      await page.goto(`/fake-auth?as=${persona}&redirectTo=${encodeURIComponent(redirectTo)}`);
      await expect(page.getByRole('banner')).toBeVisible();
    });
  },
  scenarios: async ({ request }, use) => {
    await use({
      add: async (scenario) => {
        const response = await request.post('/__mock/scenarios', { data: scenario });
        expect(response.status()).toBe(201);
      },
    });
    await clearScenarios(request);
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      const violations = await axeViolations(target);
      const serious = violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      // The elements at fault, so that a failure says where to look.
      const where = (violation: (typeof serious)[number]) =>
        violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ');
      expect(
        serious.map((violation) => `${violation.id}: ${violation.help} at ${where(violation)}`),
      ).toEqual([]);
    });
  },
});

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core's full rule set on the page once its transitions have ended, violations only. It runs
 * in the page (injected once per document) rather than through @axe-core/playwright, whose
 * per-scan injection and second page for the final pass cost four seconds a scan here; the app has
 * no frames for that to cover.
 */
async function axeViolations(target: Page): Promise<AxeResults['violations']> {
  // A scan mid-transition measures a fading dialog's colours half-way: let the running finite
  // ones end (a spinner's never does).
  await target.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const injected = await target.evaluate(() => 'axe' in window);
  if (!injected) await target.evaluate(AXE_SOURCE);
  return target.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
}

async function clearScenarios(request: APIRequestContext) {
  await request.delete('/__mock/scenarios');
}

export { expect };
