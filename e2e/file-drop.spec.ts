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

/** Drags files made in the page over `zone` and drops them, as a file manager would. */
async function dropFiles(page: Page, zone: Locator, files: { name: string; type: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, type } of list) transfer.items.add(new File(['%PDF-1.4\n'], name, { type }));
    return transfer;
  }, files);
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
