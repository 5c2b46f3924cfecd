import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

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
      const results = await new AxeBuilder({ page: target }).analyze();
      const serious = results.violations.filter(
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

async function clearScenarios(request: APIRequestContext) {
  await request.delete('/__mock/scenarios');
}

export { expect };
