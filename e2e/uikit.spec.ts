import { expect, test } from './fixtures';

test.beforeEach(async ({ signInAs, page }) => {
  await signInAs('admin', '/_/ui');
  const heading = page.getByRole('heading', { name: 'UI kit', level: 1 });
  await expect(heading).toBeVisible();
  // Signing in comes here by a page change, and its focus moves to the h1 a moment after the h1
  // shows (PageChangeFocus): a control a test focused by script before then (not a key or a
  // pointer, which would keep it) lost the focus to the heading before the test's key press.
  await expect(heading).toBeFocused();
});

test('the UI kit page shows every primitive and passes the accessibility scan', async ({
  page,
  expectAccessible,
}) => {
  for (const name of [
    'Buttons',
    'Dialog',
    'Confirm dialog',
    'Tabs',
    'Menu',
    'Tooltip',
    'Combobox',
    'Forms',
    'Badges',
    'Empty state',
    'Page header',
    'Loading',
  ])
    await expect(page.getByRole('heading', { name, level: 2, exact: true })).toBeVisible();
  // It is reached by its address only: no link to it in the sidebar.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /UI kit/ }),
  ).toHaveCount(0);
  await expectAccessible();
});

test('the dialog opens, traps and returns the focus, and closes by keyboard', async ({
  page,
  expectAccessible,
}) => {
  const opener = page.getByRole('button', { name: 'Edit the note' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit the note' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await expectAccessible();
  // Tab goes round inside the dialog and never reaches the page behind.
  for (let press = 0; press < 5; press += 1) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  // The dialog has opened and moved the focus in before a letter is typed.
  await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.type('Ready for review');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('“Ready for review”')).toBeVisible();
});

test('the confirm dialog focuses Cancel and Escape cancels', async ({ page, expectAccessible }) => {
  const opener = page.getByRole('button', { name: 'Delete the draft' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the tabs move and select with the arrow keys', async ({ page }) => {
  const tabs = page.getByRole('tablist', { name: 'Sample sections' });
  await tabs.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  const activity = tabs.getByRole('tab', { name: 'Activity (3)' });
  await expect(activity).toBeFocused();
  await expect(activity).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveText('Three things happened since yesterday.');
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Overview' })).toBeFocused();
});

test('the menu opens on its first item, skips a disabled one and chooses by keyboard', async ({
  page,
  expectAccessible,
}) => {
  const button = page.getByRole('button', { name: 'Actions', exact: true });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Delegate…' })).toBeFocused();
  await expectAccessible();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Escalate…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Open the help' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  // The focus must be back on Escalate before Enter chooses it.
  await expect(menu.getByRole('menuitem', { name: 'Escalate…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(page.getByText('Escalate', { exact: true })).toBeVisible();

  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Delegate…' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('the combobox keeps the highlighted option in view and picks it with Enter', async ({
  page,
}) => {
  const box = page.getByRole('combobox', { name: 'Project, with results' });
  await box.focus();
  await page.keyboard.press('ArrowUp');
  const last = page.getByRole('option', { name: 'Meridian Travel' });
  await expect(last).toHaveAttribute('aria-selected', 'true');
  // The page shows the whole list; inside it, the highlighted option has been scrolled to.
  await page.locator('#uikit-project-listbox').scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(page.getByRole('option', { name: 'Apollo Portal' })).not.toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('Meridian Travel');
  await expect(page.locator('#uikit-project-listbox')).toBeHidden();
  await expect(page.getByText('No project matches “Zebra”.')).toBeVisible();
  await expect(page.getByText('Searching…')).toBeVisible();
});

test('the form kit shows its states: schema errors on submit, server errors kept with the typing', async ({
  page,
}) => {
  const clean = page.getByRole('form', { name: 'Empty: submit to see the schema' });
  await clean.getByRole('button', { name: 'Save' }).click();
  await expect(clean.getByText('Give the finding a title.')).toBeVisible();
  await expect(clean.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await clean.getByRole('textbox', { name: 'Title' }).fill('Backups untested');
  await expect(clean.getByText('16 of 50 characters')).toBeVisible();
  const due = clean.getByRole('textbox', { name: 'Due date' });
  await due.fill('13/45/2026');
  await due.blur();
  await expect(clean.getByText(/MM\/DD\/YYYY/)).toBeVisible();
  await clean.getByRole('button', { name: 'Choose a date from the calendar' }).click();
  await page.keyboard.press('Enter');
  await expect(due).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);

  const refused = page.getByRole('form', { name: 'Refused by the server (DRF 400)' });
  await expect(refused.getByRole('alert')).toContainText(
    'The check was closed while you were editing.',
  );
  await expect(refused.getByRole('textbox', { name: 'Due date' })).toHaveAccessibleDescription(
    /cannot be after the end of the check/,
  );
  await expect(refused.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Release notes missing',
  );
  await expect(refused.getByRole('textbox', { name: 'Due date' })).toHaveValue('12/20/2026');
});
