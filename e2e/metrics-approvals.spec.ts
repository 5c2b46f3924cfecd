import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The card's Metrics approvals tab on the canonical project 1: pm (CAN_CREATE_METRICS_APPROVAL)
 * has submitted its monthly values, the QC lead qcl (CAN_EDIT_METRICS_APPROVAL) has approved
 * and returned some; the current month is free. auditor only views.
 */

const TAB = '/projects/1/metrics-approvals';
const FILE_ERROR = "The file you're attaching cannot be uploaded. Change the file size or format.";
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('evidence'),
]);
/** A tab's chunk loads on first use: slow on a loaded machine. */
const LOADED = { timeout: 30_000 };

/** The current month as the tab names it: 'November 2026'. */
const thisMonth = () =>
  new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const approvals = (page: Page) => page.getByRole('table', { name: /^Metrics approvals of / });

test.beforeEach(async ({ request }) => {
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('pm submits a value with a .png evidence after a .txt and two files are refused unsent; qcl approves it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/metric-submissions/'))
      posts.push(request);
  });
  await signInAs('pm', TAB);
  await expect(approvals(page).getByRole('row')).toHaveCount(7, LOADED);
  await page.getByRole('button', { name: 'Submit a metric value' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit a metric value' });
  await dialog.getByLabel('Metric').selectOption({ label: 'Utilisation' });
  await dialog.getByLabel('Value').fill('86.5');
  await dialog.getByLabel(/^Comment/).fill('From the timesheets.');
  const evidence = dialog.getByLabel('Evidence', { exact: true });
  await evidence.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(FILE_ERROR);
  await evidence.setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: PNG },
    { name: 'b.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByRole('alert')).toHaveText(FILE_ERROR);
  await expect(dialog.getByText(/^Chosen:/)).toHaveCount(0);
  expect(posts).toHaveLength(0);
  await expectAccessible();

  await evidence.setInputFiles({ name: 'timesheets.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The metric value has been submitted for approval.')).toBeVisible();
  expect(posts.map((post) => new URL(post.url()).pathname)).toEqual([
    '/api/projects/1/metric-submissions/',
    expect.stringMatching(/^\/api\/projects\/1\/metric-submissions\/\d+\/evidence\/$/),
  ]);
  const row = approvals(page).getByRole('row').filter({ hasText: thisMonth() });
  await expect(row).toContainText('Utilisation');
  await expect(row).toContainText('86.5%');
  await expect(row).toContainText('Submitted');
  await expect(row.getByRole('link', { name: 'timesheets.png' })).toHaveAttribute(
    'href',
    /^\/api\/metric-evidence\/\d+\/\?user=2&/,
  );

  await signInAs('qcl', `${TAB}?state=submitted`);
  const waiting = approvals(page).getByRole('row').filter({ hasText: thisMonth() });
  await waiting.getByRole('button', { name: `Review… Utilisation, ${thisMonth()}` }).click(LOADED);
  const review = page.getByRole('dialog', { name: `Review Utilisation, ${thisMonth()}` });
  await expect(review.getByRole('link', { name: 'timesheets.png' })).toBeVisible();
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The metric value has been approved.')).toBeVisible();
  await page.getByLabel('State').selectOption('approved');
  await expect(page).toHaveURL(/[?&]state=approved/);
  const approved = approvals(page).getByRole('row').filter({ hasText: thisMonth() });
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText('Omar Haddad');

  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Utilisation, ${thisMonth()}` })
      .first(),
  ).toContainText('Approved: 86.5%', LOADED);
});

test('auditor sees the metrics approvals read-only, at 1440 and 390 px', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs('auditor', TAB);
  const table = approvals(page);
  await expect(table.getByRole('row')).toHaveCount(7, LOADED);
  await expect(
    page.getByText(/6 values · 2 waiting for review · 1 returned · read-only for you/),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Submit a metric value' })).toHaveCount(0);
  await expect(table.getByRole('button')).toHaveCount(0);
  const resubmitted = table.getByRole('row').filter({ hasText: 'September 2026' }).filter({
    hasText: 'On-time delivery',
  });
  await resubmitted.getByText('History (4)').click();
  await expect(resubmitted.getByRole('listitem')).toHaveText([
    /^Submitted 100%/,
    /^Returned 100%.*Milestone M7 slipped/,
    /^Resubmitted 96\.3%/,
    /^Approved 96\.3%/,
  ]);
  await expectAccessible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible();
});
