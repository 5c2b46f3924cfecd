import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UploadRule } from '../../api/contract/risks';
import { FileUpload } from './FileUpload';

const RULE: UploadRule = { extensions: ['pdf'], maxFiles: 2, maxBytes: 1_000_000 };
const pdf = () => new File(['%PDF-1.4'], 'consent.pdf', { type: 'application/pdf' });

const refusedWith = (data: unknown) => vi.fn(() => Promise.reject({ status: 400, data }));

describe('FileUpload', () => {
  it.each([
    ['on its files', { files: ['The file is empty.'] }, 'The file is empty.'],
    [
      'as a whole (a record decided meanwhile)',
      { non_field_errors: ['The request is decided: its evidence can no longer change.'] },
      'The request is decided: its evidence can no longer change.',
    ],
    ['with a detail', { detail: 'Not found.' }, 'Not found.'],
    ['without words', 'Bad gateway', 'The upload failed. Nothing was stored: try again.'],
  ])('says why the server refused an upload %s', async (_, data, message) => {
    const onUpload = refusedWith(data);
    render(<FileUpload label="Attach" rule={RULE} busy={false} onUpload={onUpload} />);
    await userEvent.upload(screen.getByLabelText('Attach'), pdf());
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Attach')).toHaveAttribute('aria-invalid', 'true');
  });
});
