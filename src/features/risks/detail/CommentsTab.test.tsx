import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_ERROR } from '../../../api/contract/risks';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { useNodeFiles } from '../../../testing/nodeFiles';
import { COMMENT_ADDED, TOO_MANY_FILES } from './CommentsTab';
import { renderRiskRoute } from './detailTesting';

/**
 * The mock backend answers as `risk_owner` (src/testing/mockBackend.ts): risk 1 of the seed has
 * two comments, Lucia Romero's with staffing-plan.pdf attached and Priya Nair's.
 */
// The first test's backend builds the seed (seconds on two busy cores): a hook's 10 s is short.
beforeEach(async () => {
  await useMockBackend('risk_owner');
  // Files reach the mock whole, to be checked by its own upload rules (spec §5).
  await useNodeFiles();
}, 60_000);
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Risk 1's comments as the mock holds them: the text and the names of the files attached. */
const heldComments = () =>
  currentMockBackend()!
    .state()
    .riskComments.filter((comment) => comment.risk_id === 1)
    .map((comment) => ({
      text: comment.text,
      files: comment.attachments.map((attachment) => attachment.name),
    }));
const SEEDED = [
  { text: expect.any(String), files: ['staffing-plan.pdf'] },
  { text: 'Pairing started this sprint.', files: [] },
];

/** A file of `type` whose first bytes are those of a PDF, the type the mock checks them by. */
const file = (name: string, type: string) => new File([`%PDF-1.4 ${name}`], name, { type });

describe('comments', () => {
  it('shows text as typed with links, and attachments as downloads', async () => {
    // Lucia's comment, as someone typed markup into it.
    const comments = currentMockBackend()!.runtime.db.getState().riskComments;
    comments.find((comment) => comment.id === 1)!.text =
      'Plan in <b>bold</b>? See https://wiki.example.com/plan.';
    renderRiskRoute('/risks/1?tab=comments');
    const comment = (await screen.findByText(/Plan in/)).closest('li') as HTMLElement;
    expect(comment).toHaveTextContent(/^Lucia Romero \(lromero\) 11\/16\/2026 \d\d:28/);
    expect(comment).toHaveTextContent('Plan in <b>bold</b>? See https://wiki.example.com/plan.');
    expect(comment.querySelector('b')).toBeNull();
    expect(
      within(comment).getByRole('link', { name: 'https://wiki.example.com/plan' }),
    ).toHaveAttribute('href', 'https://wiki.example.com/plan');
    const download = within(comment).getByRole('link', { name: 'staffing-plan.pdf' });
    // The mock's signed download address of the attachment.
    expect(download).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/attachments\/1\/\?user=8&expires=\d+&signature=\w+$/),
    );
    expect(download).toHaveAttribute('download', 'staffing-plan.pdf');
    // Priya's comment follows, without attachments.
    expect(screen.getByText('Pairing started this sprint.')).toBeVisible();
  });

  it('refuses a file spec §5 does not allow and never sends it', async () => {
    renderRiskRoute('/risks/1?tab=comments');
    const input = await screen.findByLabelText('Attachments');
    await userEvent.upload(
      input,
      [file('setup.exe', 'application/octet-stream'), file('cat.gif', 'image/gif')],
      {
        applyAccept: false,
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(screen.queryByRole('list', { name: 'Files to attach' })).not.toBeInTheDocument();

    await userEvent.upload(input, file('plan.pdf', 'application/pdf'));
    expect(screen.queryByText(FILE_ERROR)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Files to attach' })).getAllByRole('listitem'),
    ).toHaveLength(1);

    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Signed plan attached');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(COMMENT_ADDED)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    expect(heldComments()).toEqual([
      ...SEEDED,
      { text: 'Signed plan attached', files: ['plan.pdf'] },
    ]);
    const added = (await screen.findByText('Signed plan attached', { selector: 'li *' })).closest(
      'li',
    )!;
    expect(within(added).getByRole('link', { name: 'plan.pdf' })).toBeVisible();
  });

  it('sends only a refused file: nothing goes out with the comment', async () => {
    renderRiskRoute('/risks/1?tab=comments');
    await userEvent.upload(
      await screen.findByLabelText('Attachments'),
      file('notes.txt', 'text/plain'),
      {
        applyAccept: false,
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Only text');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(COMMENT_ADDED)).toBeVisible();
    // The mock stored it as risk 1's third comment, without a file, and the tab shows it.
    expect(heldComments()).toEqual([...SEEDED, { text: 'Only text', files: [] }]);
    expect(await screen.findByText('Only text', { selector: 'li *' })).toBeVisible();
  });

  it('keeps five files at most', async () => {
    renderRiskRoute('/risks/1?tab=comments');
    const input = await screen.findByLabelText('Attachments');
    await userEvent.upload(
      input,
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => file(`${name}.pdf`, 'application/pdf')),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY_FILES);
    expect(
      within(screen.getByRole('list', { name: 'Files to attach' })).getAllByRole('listitem'),
    ).toHaveLength(5);
    expect(input).toBeDisabled();
  });

  it('takes files dropped on the field as chosen ones, with the same checks, and sends them', async () => {
    renderRiskRoute('/risks/1?tab=comments');
    const zone = (await screen.findByLabelText('Attachments')).parentElement!;
    expect(zone).toHaveTextContent('or drop files here');
    const drop = (files: File[]) =>
      fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'], dropEffect: '' } });

    drop([file('setup.exe', 'application/octet-stream'), file('plan.pdf', 'application/pdf')]);
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(
      within(screen.getByRole('list', { name: 'Files to attach' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual([expect.stringMatching(/^plan\.pdf/)]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Dropped plan');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(COMMENT_ADDED)).toBeVisible();
    expect(heldComments()).toEqual([...SEEDED, { text: 'Dropped plan', files: ['plan.pdf'] }]);
  });
});
