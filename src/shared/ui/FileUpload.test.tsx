import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FILE_ERROR, type UploadRule } from '../../api/contract/risks';
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

/** A drag that carries `files`, as the browser hands it to the page. */
const carrying = (files: File[]) => ({ dataTransfer: { files, types: ['Files'], dropEffect: '' } });
/** The drop zone around the field's input. */
const zoneOf = (label: string) => screen.getByLabelText(label).parentElement!;

describe('FileUpload: drag and drop', () => {
  it('uploads the files dropped on it, as if chosen, and lights up while they are over it', async () => {
    const onUpload = vi.fn(() => Promise.resolve());
    render(<FileUpload label="Attach" rule={RULE} busy={false} onUpload={onUpload} />);
    const zone = zoneOf('Attach');
    expect(zone).toHaveTextContent('or drop files here');
    fireEvent.dragEnter(zone, carrying([pdf()]));
    expect(zone).toHaveAttribute('data-dragging');
    fireEvent.dragLeave(zone, carrying([pdf()]));
    expect(zone).not.toHaveAttribute('data-dragging');

    const file = pdf();
    fireEvent.dragEnter(zone, carrying([file]));
    fireEvent.drop(zone, carrying([file]));
    expect(zone).not.toHaveAttribute('data-dragging');
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith([file]));
  });

  it('refuses a dropped file the rule refuses, with the spec §5 message, and sends nothing', async () => {
    const onUpload = vi.fn(() => Promise.resolve());
    render(<FileUpload label="Attach" rule={RULE} busy={false} onUpload={onUpload} />);
    const text = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(zoneOf('Attach'), carrying([text]));
    expect(await screen.findByRole('alert')).toHaveTextContent(FILE_ERROR);
    // Three files where the rule takes two: refused as a whole, as a choice would be.
    fireEvent.drop(zoneOf('Attach'), carrying([pdf(), pdf(), pdf()]));
    expect(await screen.findByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('takes nothing while it is full', () => {
    const onUpload = vi.fn(() => Promise.resolve());
    render(<FileUpload label="Attach" rule={RULE} held={2} busy={false} onUpload={onUpload} />);
    fireEvent.dragEnter(zoneOf('Attach'), carrying([pdf()]));
    expect(zoneOf('Attach')).not.toHaveAttribute('data-dragging');
    fireEvent.drop(zoneOf('Attach'), carrying([pdf()]));
    expect(onUpload).not.toHaveBeenCalled();
  });
});
