import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Drag and drop onto every file field (issue 33): the kit's file field is a drop zone beside its
 * "Choose files" button; dropped files pass the same check as chosen ones.
 */

const FILE_ERROR = "The file you're attaching cannot be uploaded. Change the file size or format.";

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/** The first bytes the mock checks a file's type by (spec §5): a PDF's, a PNG's, a spreadsheet's. */
const PDF = [...'%PDF-1.4\n'].map((char) => char.charCodeAt(0));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const XLSX = [0x50, 0x4b, 0x03, 0x04];

/** Drags files made in the page over `zone` and drops them, as a file manager would. */
async function dropFiles(
  page: Page,
  zone: Locator,
  files: { name: string; type: string; bytes?: number[] }[],
) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const { name, type, bytes } of list)
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return transfer;
    },
    files.map((file) => ({ ...file, bytes: file.bytes ?? PDF })),
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', '');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveAttribute('data-dragging');
}

for (const width of [1440, 390]) {
  test(`at ${width} px a file dropped on the evidence field is checked, then uploaded`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const uploads: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/profile-validation/files/'))
        uploads.push(request);
    });
    await signInAs('admin', '/projects/1/attributes');
    const files = page.getByRole('list', { name: 'Evidence files' });
    await expect(files.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
    const input = page.getByLabel('Add evidence files');
    const zone = input.locator('xpath=..');
    await expect(zone).toContainText('or drop files here');
    await expectAccessible();

    await dropFiles(page, zone, [{ name: 'notes.txt', type: 'text/plain' }]);
    await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
    expect(uploads).toHaveLength(0);

    await dropFiles(page, zone, [{ name: 'signed-profile.pdf', type: 'application/pdf' }]);
    await expect(files.getByRole('listitem')).toHaveCount(3);
    await expect(files).toContainText('signed-profile.pdf');
    expect(uploads).toHaveLength(1);
  });
}

/** The drop zone around the file input labelled `label` (inside `scope`). */
const zoneOf = (scope: Page | Locator, label: string) =>
  scope.getByLabel(label, { exact: true }).locator('xpath=..');

for (const width of [1440, 390]) {
  test(`at ${width} px every other file field takes a dropped file and says so`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const main = page.getByRole('main');

    // The profile revenue sheet (Overview): a PDF refused by the spec §5 rule, a spreadsheet taken.
    await signInAs('admin', '/projects/1');
    const revenue = zoneOf(page, 'Upload the profile revenue sheet');
    await expect(revenue).toContainText('or drop files here', { timeout: 30_000 });
    await dropFiles(page, revenue, [{ name: 'revenue.pdf', type: 'application/pdf' }]);
    await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
    await dropFiles(page, revenue, [
      { name: 'revenue-2026.xlsx', type: 'application/vnd.ms-excel', bytes: XLSX },
    ]);
    await expect(page.getByText('The profile revenue sheet has been uploaded.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'revenue-2026.xlsx' })).toBeVisible();
    await expectAccessible();

    // An agreement's documents.
    await page.goto('/projects/1/project-agreements');
    await page.getByRole('button', { name: 'Actions for MSA-2025-001' }).click();
    await page.getByRole('menuitem', { name: 'Change…' }).click();
    const agreement = page.getByRole('dialog', { name: 'Change “MSA-2025-001”' });
    await dropFiles(page, zoneOf(agreement, 'Attach documents'), [
      { name: 'amendment.pdf', type: 'application/pdf' },
    ]);
    await expect(page.getByText('The document has been attached.')).toBeVisible();
    await expect(agreement.getByRole('list', { name: 'Documents of MSA-2025-001' })).toContainText(
      'amendment.pdf',
    );
    await agreement.getByRole('button', { name: 'Done' }).click();

    // An ISO 9001 requirement's evidence.
    await page.goto('/projects/1/iso-9001-compliance');
    await page.locator('summary', { hasText: '7 Support' }).click();
    await page.getByRole('button', { name: 'Assess 7.1' }).click();
    const assessment = page.getByRole('dialog', { name: 'Assess 7.1 Resources' });
    await dropFiles(page, zoneOf(assessment, 'Attach evidence files'), [
      { name: 'resource-plan.pdf', type: 'application/pdf' },
    ]);
    await expect(page.getByText('The evidence file has been attached.')).toBeVisible();
    await expect(assessment.getByRole('list', { name: /^Evidence files of 7\.1/ })).toContainText(
      'resource-plan.pdf',
    );
    await assessment.getByRole('button', { name: 'Cancel' }).click();

    // A Gen AI request's client consent.
    await page.goto('/projects/1/gen-ai-approvals');
    await page.getByRole('button', { name: 'Consent files… of “Microsoft 365 Copilot”' }).click();
    const consent = page.getByRole('dialog', {
      name: 'Client consent for “Microsoft 365 Copilot”',
    });
    await dropFiles(page, zoneOf(consent, 'Attach the client’s email or signed form'), [
      { name: 'client-consent.pdf', type: 'application/pdf' },
    ]);
    await expect(page.getByText('The consent file has been attached.')).toBeVisible();
    await expect(consent.getByRole('link', { name: 'client-consent.pdf' })).toBeVisible();
    await consent.getByRole('button', { name: 'Done' }).click();

    // A metric value's evidence: taken into the form, sent with it.
    await page.goto('/projects/1/metrics-approvals');
    await page.getByRole('button', { name: 'Submit a metric value' }).click();
    const metric = page.getByRole('dialog', { name: 'Submit a metric value' });
    await dropFiles(page, zoneOf(metric, 'Evidence'), [
      { name: 'timesheets.png', type: 'image/png', bytes: PNG },
    ]);
    await expect(metric.getByText(/^Chosen:/)).toContainText('timesheets.png');
    await metric.getByRole('button', { name: 'Cancel' }).click();

    // A checklist item's files.
    await page.goto('/project-checklists/14');
    await dropFiles(page, zoneOf(page, 'Attach files to item 1'), [
      { name: 'release-notes.pdf', type: 'application/pdf' },
    ]);
    await expect(page.getByText('The file has been attached to item 1.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Files of item 1' })).toContainText(
      'release-notes.pdf',
    );
    await expectAccessible();
  });
}
