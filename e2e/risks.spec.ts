import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { PDF, riskTableFit } from './flows';

/**
 * Creating risks and the risk detail against the canonical fixtures: risk 1 is an open project
 * risk of project 1 owned by risk_owner, with action items and comments; 2 an open issue there;
 * 3 a closed risk there; 4, 5 and 6 duplicates in project 2; 7 transferred to the viewer;
 * draft 1 is risk_owner's.
 */

const FILE_ERROR = "The file you're attaching cannot be uploaded. Change the file size or format.";
const ACTION_PROCESSED = (kind: string) =>
  `Success! Your action on the ${kind} has been successfully processed.`;
const REOPENED = 'You have successfully reopened the risk';
const FROM_DRAFT = 'The risk has been successfully created from the draft';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/** Opens a risk and waits for its own heading. */
/** The line above a risk's title: 'Project risk · Apollo'. */
const kicker = (page: Page) =>
  page.getByText(/^(Project|Account|Business Line|Business Segment) (risk|issue) · /);
/** Status, rating and the other facts in the risk's header. */
const summary = (page: Page) => page.getByLabel('Summary', { exact: true });

async function openRisk(page: Page, riskId: number, tab?: string) {
  await page.goto(`/risks/${riskId}${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Chooses an action on the Resolution tab, with a comment, and confirms it. */
async function resolve(page: Page, action: string, comment: string) {
  // A closed risk has one way on, its Reopen button; an open one, a choice.
  if (action !== 'Reopen') await page.getByRole('radio', { name: action, exact: true }).check();
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await page.getByRole('button', { name: /…$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: action, exact: true }).click();
}

test('risk_owner creates a risk and sees possible duplicates while typing', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  // The duplicates live in project 2: its name comes from one of them.
  await signInAs('risk_owner', '/risks/4');
  const line = await kicker(page).innerText();
  const project = line.split(' · ')[1]!;

  await page.goto('/create-risk/project');
  await expect(page.getByRole('heading', { level: 1, name: 'New risk' })).toBeVisible();
  await expect(page.getByText(/Example:/)).toBeVisible();
  await expectAccessible();

  await page.getByRole('combobox', { name: 'Project' }).fill(project.slice(0, 6));
  await page.getByRole('option', { name: project }).click();
  await page
    .getByRole('textbox', { name: 'Statement' })
    .pressSequentially('Acceptance criteria of the reporting module are not agreed', { delay: 10 });
  const duplicates = page.getByRole('region', { name: 'Possible duplicates' });
  await expect(duplicates.getByRole('link').first()).toBeVisible();
  await expect(duplicates).toContainText('% similar');
  await expect(duplicates.locator('a[href="/risks/4"]')).toBeVisible();
  await expectAccessible();

  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scope' });
  await page.getByRole('combobox', { name: 'Probability' }).selectOption({ label: 'High' });
  await page.getByRole('combobox', { name: 'Impact' }).selectOption({ label: 'Moderate' });
  await expect(page.getByRole('status', { name: 'Rating' })).toHaveText('High');
  await page.getByRole('textbox', { name: 'Labels' }).fill('reporting');
  await page.getByRole('textbox', { name: 'Labels' }).press('Enter');
  await page.getByRole('button', { name: 'Create risk' }).click();

  await expect(page).toHaveURL(/\/risks\/\d+$/);
  await expect(page.getByText('The risk has been created.')).toBeVisible();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Acceptance criteria of the reporting module are not agreed',
    }),
  ).toBeVisible();
  await expect(kicker(page)).toHaveText(`Project risk · ${project}`);
});

test('the project picker keeps every keystroke while its search answers', async ({
  page,
  signInAs,
}) => {
  await signInAs('risk_owner', '/create-risk/project');
  const box = page.getByRole('combobox', { name: 'Project' });
  // Typing on while the first letters' search answers once dropped letters ("Hndmade Bal").
  for (const pause of [0, 150, 300]) {
    await box.fill('');
    await box.pressSequentially('Han');
    await page.waitForTimeout(pause);
    await box.pressSequentially('dmade Ball');
    await expect(box).toHaveValue('Handmade Ball');
  }
  await expect(page.getByRole('option', { name: /^Handmade Ball/ }).first()).toBeVisible();
});

test('switching to Issue warns, then clears statement and category', async ({ page, signInAs }) => {
  await signInAs('risk_owner', '/create-risk/project');
  await page.getByRole('textbox', { name: 'Statement' }).fill('Vendor may deliver late');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Delivery' });
  await page.getByRole('tab', { name: 'Issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Issue?' });
  await expect(dialog).toContainText(
    'Risk statement and category will be cleared after switching to another tab',
  );
  await dialog.getByRole('button', { name: 'Switch to Issue' }).click();
  await expect(page).toHaveURL('/create-issue/project');
  await expect(page.getByRole('textbox', { name: 'Statement' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Severity' })).toBeVisible();
});

test('a draft opens into the form and becomes a risk', async ({ page, signInAs }) => {
  await signInAs('risk_owner', '/create-risk/project');
  const drafts = page.getByRole('complementary', { name: 'My drafts' });
  await drafts
    .getByRole('listitem')
    .filter({ hasText: 'Release window may clash with the client freeze' })
    .getByRole('button', { name: /Open/ })
    .click();
  await expect(page).toHaveURL(/draft=1/);
  await expect(page.getByRole('textbox', { name: 'Statement' })).toHaveValue(
    'Release window may clash with the client freeze',
  );
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Delivery' });
  await page.getByRole('combobox', { name: 'Probability' }).selectOption({ label: 'Moderate' });
  await page.getByRole('combobox', { name: 'Impact' }).selectOption({ label: 'High' });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft has been saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Create from draft' }).click();
  await expect(page).toHaveURL(/\/risks\/\d+$/);
  await expect(page.getByText(FROM_DRAFT)).toBeVisible();
});

test('a comment with an attachment; a refused file type is never sent', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/comments/')) uploads.push(request);
  });
  await signInAs('risk_owner', '/risks/1?tab=comments');
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
  const files = page.getByLabel('Attachments');

  await files.setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
  await files.setInputFiles({
    name: 'cat.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files to attach' })).toHaveCount(0);
  expect(uploads).toHaveLength(0);

  await files.setInputFiles({
    name: 'mitigation-plan.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByRole('list', { name: 'Files to attach' })).toContainText(
    'mitigation-plan.pdf',
  );
  await page
    .getByRole('textbox', { name: 'Comment' })
    .fill('Plan <b>signed</b> — see https://wiki.example.com/plan.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Your comment has been added.')).toBeVisible();

  // One upload, accepted: the server refuses a whole upload that carries a refused file.
  expect(uploads).toHaveLength(1);
  expect((await uploads[0]!.response())?.status()).toBe(201);

  const comment = page.getByRole('listitem').filter({ hasText: 'Plan <b>signed</b>' });
  await expect(comment).toBeVisible();
  await expect(comment.locator('b')).toHaveCount(0);
  await expect(comment.getByRole('link', { name: 'https://wiki.example.com/plan' })).toBeVisible();
  await expect(comment.getByRole('list', { name: 'Attached files' }).getByRole('link')).toHaveText([
    'mitigation-plan.pdf',
  ]);
  await expect(comment.getByRole('link', { name: 'mitigation-plan.pdf' })).toHaveAttribute(
    'download',
    'mitigation-plan.pdf',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    comment.getByRole('link', { name: 'mitigation-plan.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mitigation-plan.pdf');
  await expectAccessible();
});

for (const width of [1440, 390]) {
  test(`at ${width} px files dropped on the comment's attachments join the list, checked`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs('risk_owner', '/risks/1?tab=comments');
    await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
    const zone = page.getByLabel('Attachments').locator('xpath=..');
    await expect(zone).toContainText('or drop files here');
    await expectAccessible();

    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
      transfer.items.add(new File(['%PDF-1.4\n'], 'plan.pdf', { type: 'application/pdf' }));
      return transfer;
    });
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await expect(zone).toHaveAttribute('data-dragging', '');
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Files to attach' })).toHaveText(/^plan\.pdf/);
    await expectAccessible();
  });
}

/** A phone's card of the register, with the ten default columns, is at most this tall (368 before). */
const CARD_MAX_HEIGHT = 218;

// At 1440 the project's own Risks tab, the narrower box (the card's, the heat map beside it);
// /risks at 1280 is shell.spec.ts's.
for (const [width, path] of [
  [1440, '/projects/1/risks'],
  [390, '/risks'],
  [390, '/projects/1/risks'],
] as const) {
  test(`at ${width} px the register on ${path} fits the screen, the number and statement first; the number opens the risk`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs('risk_owner', path);
    const table = page.getByRole('table', { name: /risks and issues/ });
    const firstRow = table.getByRole('row').nth(1);
    const statement = firstRow.getByRole('rowheader').getByRole('link');
    await expect(statement).toBeVisible();
    // The risk's number, first, is a link that says which risk: to open, open in a new tab or copy.
    const firstCell = firstRow.locator(':scope > *').first();
    const number = firstCell.getByRole('link', { name: /^(Risk|Issue) \d+$/ });
    await expect(number).toBeVisible();
    const href = await number.getAttribute('href');
    const id = (await number.getAttribute('aria-label'))!.replace(/\D/g, '');
    expect(href).toBe(`/risks/${id}`);
    await expect(statement).toHaveAttribute('href', href!);
    if (width < 600) {
      // A card: '#12' beside the statement, then each value after its column's name, two a line.
      await expect(number).toHaveText(id);
      expect(await number.evaluate((link) => getComputedStyle(link, '::before').content)).toBe(
        '"#"',
      );
      await expect(firstRow.locator(':scope > *').nth(1)).toHaveRole('rowheader');
      await expect(firstRow.getByRole('cell').nth(1)).toHaveText(/^Kind(Project|Account)/);
      const [card, numberBox, statementBox] = await Promise.all([
        firstRow.boundingBox(),
        number.boundingBox(),
        statement.boundingBox(),
      ]);
      expect(card!.height).toBeLessThanOrEqual(CARD_MAX_HEIGHT);
      expect(numberBox!.x + numberBox!.width).toBeLessThan(statementBox!.x);
      expect(numberBox!.y).toBeLessThan(statementBox!.y + statementBox!.height);
    } else {
      // The desktop table: the number, Kind, then the statement.
      await expect(number).toHaveText(id);
      await expect(firstRow.getByRole('cell').nth(1)).toHaveText(/^(Project|Account|Business)/);
      // The statement, the column people read, has room; the table fits its box, every header
      // whole; the project's own name is no column of its own tab.
      const fit = await riskTableFit(table);
      expect(fit.statement).toBeGreaterThanOrEqual(300);
      expect(fit.sideways).toBeLessThanOrEqual(0);
      expect(fit.cutHeaders).toEqual([]);
      await expect(table.getByRole('columnheader', { name: /^Level \/ scope/ })).toHaveCount(0);
    }
    // No sideways scroll: neither the table nor the page is wider than the screen.
    const widths = await table.evaluate((element) => ({
      table: element.getBoundingClientRect().right,
      box: element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(width);
    expect(widths.page).toBeLessThanOrEqual(0);
    if (width < 600) expect(widths.box).toBeLessThanOrEqual(0);
    await expectAccessible();

    const title = (await statement.innerText()).trim();
    await number.click();
    await expect(page).toHaveURL(new RegExp(`/risks/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
}

test('resolve, reopen and convert to issue, each with its message', async ({ page, signInAs }) => {
  await signInAs('risk_owner', '/risks/1?tab=resolution');
  await expect(page.getByRole('radio')).toHaveCount(6);
  await resolve(page, 'Resolve', 'The second engineer is up to speed.');
  await expect(page.getByText(ACTION_PROCESSED('risk'))).toBeVisible();
  await expect(summary(page).getByRole('definition').first()).toHaveText('Resolved');
  // Closed, it has one way on: a Reopen button, not a choice of one.
  await expect(page.getByRole('button', { name: 'Reopen…' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);

  await resolve(page, 'Reopen', 'The engineer resigned after all.');
  await expect(page.getByText(REOPENED)).toBeVisible();
  await expect(summary(page).getByRole('definition').first()).toHaveText('Open');

  await resolve(page, 'Convert to issue', 'It has happened.');
  await expect(page.getByText(ACTION_PROCESSED('risk')).first()).toBeVisible();
  await expect(kicker(page)).toContainText('Project issue');
  await expect(page.getByRole('tab', { name: 'Transfer' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/tab=history/);
  await expect(page.getByRole('row').filter({ hasText: 'Resolution' }).first()).toContainText(
    'Lucia Romero (lromero)',
  );
});

test('details save with PATCH and the action plan changes, each with its message', async ({
  page,
  signInAs,
}) => {
  await signInAs('risk_owner', '/risks/1');
  await page.getByRole('combobox', { name: 'Impact' }).selectOption({ label: 'Low' });
  await expect(page.getByRole('status', { name: 'Rating' })).toHaveText('Low');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The risk has been saved.')).toBeVisible();
  await expect(summary(page)).toContainText('RatingLow');

  await page.getByRole('tab', { name: /^Action items/ }).click();
  const plan = page.getByRole('tabpanel');
  await plan.getByRole('textbox', { name: 'Action' }).fill('Book a knowledge-transfer session');
  await plan.getByLabel('Due date').fill('12/20/2026');
  await plan.getByRole('button', { name: 'Add action item' }).click();
  await expect(page.getByText('The action item has been added.')).toBeVisible();
  const row = plan.getByRole('row').filter({ hasText: 'Book a knowledge-transfer session' });
  await expect(row).toContainText('Lucia Romero (lromero)12/20/2026');
  await row.getByRole('checkbox').check();
  await expect(page.getByText('The action item has been saved.')).toBeVisible();
  await row.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The action item has been deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a risk transferred to a client-side person is read-only for them', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('risk_owner', '/risks/1?tab=transfer');
  await expect(page.getByText(/They can then only view it/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Person' }).fill('Grace');
  await page.getByRole('option', { name: 'Grace Thompson' }).click();
  await page.getByRole('radio', { name: 'Client side' }).check();
  await page.getByRole('textbox', { name: /Comment/ }).fill('The client decides on the release.');
  await page.getByRole('button', { name: 'Transfer…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText(ACTION_PROCESSED('risk'))).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Transfer' })).toContainText('Grace Thompson');

  await signInAs('viewer', '/risks/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Key developer may leave before the release',
  );
  await expect(page.getByRole('note').filter({ hasText: 'Read-only.' })).toContainText(
    'transferred to you by Lucia Romero (lromero)',
  );
  await expect(page.getByRole('button', { name: 'Escalate & share' })).toHaveCount(0);
  await expect(page.getByRole('tabpanel').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('tabpanel').getByRole('combobox')).toHaveCount(0);
  await expectAccessible();
  await page.getByRole('tab', { name: /Comments/ }).click();
  await expect(page.getByText(/You can read the comments of this risk, not add one/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add comment' })).toHaveCount(0);

  // Risk 7 was transferred to the viewer by the fixtures.
  await openRisk(page, 7);
  await expect(page.getByRole('note').filter({ hasText: 'Read-only.' })).toBeVisible();
});

test('an escalation offers only people who may act on the risk; the recipient accepts it', async ({
  page,
  signInAs,
}) => {
  await signInAs('risk_owner', '/risks/1');
  await page.getByRole('button', { name: 'Escalate & share' }).click();
  await page.getByRole('menuitem', { name: 'Escalate…' }).click();
  const dialog = page.getByRole('dialog');
  const recipient = dialog.getByRole('combobox', { name: 'Recipient' });
  // The client-side Grace Thompson may receive a transfer, never a request to act.
  await recipient.fill('Grace');
  await expect(dialog.getByText('No person matches “Grace”.')).toBeVisible();
  await recipient.fill('Kowal');
  await dialog.getByRole('option', { name: /David Kowalski/ }).click();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('It affects the whole account.');
  await dialog.getByRole('button', { name: 'Escalate' }).click();
  await expect(page.getByText(ACTION_PROCESSED('risk'))).toBeVisible();

  // The newest request comes first: David accepts it, and the risk moves up to the account.
  await signInAs('account_owner', '/notifications');
  const request = page.getByRole('main').getByRole('listitem').first();
  await expect(request.getByRole('heading')).toHaveText(
    'Key developer may leave before the release',
  );
  await request.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('You accepted the')).toBeVisible();
  await openRisk(page, 1);
  await expect(kicker(page)).toHaveText(/^Account risk · /);
});

test('qcl, without edit flags, sees every field of risk 1 read-only', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('qcl', '/risks/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Read-only.' })).toContainText(
    'Your role lets you view this risk, not change it.',
  );
  const details = page.getByRole('tabpanel');
  await expect(details.getByText('Probability', { exact: true })).toBeVisible();
  await expect(details.getByRole('combobox')).toHaveCount(0);
  await expect(details.getByRole('textbox')).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectAccessible();
});

// Two tests, so that a slow machine gives each axe scan its share of the time limit.
const DETAIL_TABS = [
  [
    [/^Action items/, 'action-items'],
    [/^Comments/, 'comments'],
    ['Communication with client', 'communication'],
  ],
  [
    ['Resolution', 'resolution'],
    ['Transfer', 'transfer'],
    ['History', 'history'],
  ],
] as const;

for (const [index, tabs] of DETAIL_TABS.entries()) {
  test(`every tab of the detail is accessible and in the URL (${index + 1} of 2)`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('risk_owner', '/risks/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Probability' })).toBeVisible();
    if (index === 0) await expectAccessible();
    for (const [tab, slug] of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page).toHaveURL(new RegExp(`tab=${slug}`));
      await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
      await expectAccessible();
    }
    if (index === 0) return;
    await page.getByRole('button', { name: 'Escalate & share' }).click();
    await expect(page.getByRole('menuitem', { name: 'Propagate…' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Delegate…' })).toBeFocused();
    await expectAccessible();
  });
}

test('a persona who may not create at a level is told what is missing before any form, with a way back', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const cases = [
    {
      persona: 'pm',
      path: '/create-risk/account',
      title: 'an account risk',
      flag: 'CAN_CREATE_ACCOUNT_LEVEL',
    },
    {
      persona: 'supervisor',
      path: '/create-risk/project',
      title: 'a project risk',
      flag: 'CAN_CREATE_RISK',
    },
    {
      persona: 'qcl',
      path: '/create-risk/project',
      title: 'a project risk',
      flag: 'CAN_CREATE_RISK',
    },
  ] as const;
  for (const { persona, path, title, flag } of cases) {
    await page.context().clearCookies();
    await signInAs(persona, path);
    await expect(page).toHaveURL(path);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: `You may not create ${title}` }),
    ).toBeVisible();
    await expect(main.getByText(flag, { exact: true })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Statement' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: /^(Create|Save)/ })).toHaveCount(0);
    await expectAccessible();
    await main.getByRole('link', { name: 'Back to risks and issues' }).click();
    await expect(page).toHaveURL(/\/risks\?level=/);
  }
});

test('a status is the same pill in the register as on the risk’s own page', async ({
  page,
  signInAs,
}) => {
  await signInAs('risk_owner', '/risks?status=open');
  const inList = page.locator('tbody [data-status="open"]').first();
  await expect(inList).toHaveText('Open');
  const pill = await inList.getAttribute('class');
  await page.goto('/risks/1');
  const onPage = summary(page).locator('[data-status="open"]');
  await expect(onPage).toHaveText('Open');
  expect(await onPage.getAttribute('class')).toBe(pill);
});
