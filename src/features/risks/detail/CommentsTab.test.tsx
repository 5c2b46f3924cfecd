import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FILE_ERROR, type RiskComment } from '../../../api/contract/risks';
import { API } from '../../../testing/msw/handlers';
import { LUCIA } from '../../../testing/msw/riskFixtures';
import { server } from '../../../testing/msw/server';
import { COMMENT_ADDED, TOO_MANY_FILES } from './CommentsTab';
import { makeRisk, renderRiskRoute, serveRisk } from './detailTesting';

const COMMENT: RiskComment = {
  id: 1,
  text: 'Plan in <b>bold</b>? See https://wiki.example.com/plan.',
  author: LUCIA,
  created_at: '2026-11-12T09:30:00',
  attachments: [
    {
      id: 4,
      name: 'plan.pdf',
      size: 2048,
      content_type: 'application/pdf',
      url: '/api/risk-attachments/4/download/',
    },
  ],
};

/**
 * Records every comment upload: its text and how many files it carried (jsdom's File loses its
 * name and content on the way into Node's FormData; the e2e test checks those in Chromium).
 */
function recordUploads() {
  const uploads: { text: string; files: number }[] = [];
  server.use(
    http.post(`${API}/api/risks/1/comments/`, async ({ request }) => {
      const form = await request.formData();
      const files = form.getAll('files').length;
      uploads.push({ text: String(form.get('text')), files });
      return HttpResponse.json({ ...COMMENT, id: 2 }, { status: 201 });
    }),
  );
  return uploads;
}

const file = (name: string, type: string) => new File([`content of ${name}`], name, { type });

describe('comments', () => {
  it('shows text as typed with links, and attachments as downloads', async () => {
    serveRisk(makeRisk(), { comments: [COMMENT] });
    renderRiskRoute('/risks/1?tab=comments');
    const comment = (await screen.findByText(/Plan in/)).closest('li') as HTMLElement;
    expect(comment).toHaveTextContent('Lucia Romero (lromero) 11/12/2026 09:30');
    expect(comment).toHaveTextContent('Plan in <b>bold</b>? See https://wiki.example.com/plan.');
    expect(comment.querySelector('b')).toBeNull();
    expect(
      within(comment).getByRole('link', { name: 'https://wiki.example.com/plan' }),
    ).toHaveAttribute('href', 'https://wiki.example.com/plan');
    const download = within(comment).getByRole('link', { name: 'plan.pdf' });
    expect(download).toHaveAttribute('href', '/api/risk-attachments/4/download/');
    expect(download).toHaveAttribute('download', 'plan.pdf');
  });

  it('refuses a file spec §5 does not allow and never sends it', async () => {
    serveRisk(makeRisk());
    const uploads = recordUploads();
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
    await waitFor(() => expect(uploads).toEqual([{ text: 'Signed plan attached', files: 1 }]));
    expect(await screen.findByText(COMMENT_ADDED)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it('sends only a refused file: nothing goes out with the comment', async () => {
    serveRisk(makeRisk());
    const uploads = recordUploads();
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
    await waitFor(() => expect(uploads).toEqual([{ text: 'Only text', files: 0 }]));
  });

  it('keeps five files at most', async () => {
    serveRisk(makeRisk());
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
    serveRisk(makeRisk());
    const uploads = recordUploads();
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
    await waitFor(() => expect(uploads).toEqual([{ text: 'Dropped plan', files: 1 }]));
  });
});
