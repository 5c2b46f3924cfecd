import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './Combobox';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';

const PEOPLE = ['Grace Thompson', 'Erik Lindqvist', 'Mei Chen'];

/** A form confirmation with a person box in it, opened by a button, as the check actions use. */
function ConfirmWithBox({ busy = false, onConfirm = vi.fn() }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const options = PEOPLE.filter((name) => name.toLowerCase().includes(text.toLowerCase()));
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Assign
      </button>
      <ConfirmDialog
        form
        open={open}
        title="Assign an expert?"
        confirmLabel="Assign"
        busyLabel="Assigning…"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      >
        <Combobox
          id="expert"
          label="Expert"
          text={text}
          onTextChange={setText}
          options={text ? options : []}
          optionKey={(name) => name}
          optionLabel={(name) => name}
          onSelect={setText}
          status=""
        />
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('focuses the first field of a form, Escape in an open list closes the list only, focus returns', async () => {
    render(<ConfirmWithBox />);
    const opener = screen.getByRole('button', { name: 'Assign' });
    await userEvent.click(opener);
    const box = screen.getByRole('combobox', { name: 'Expert' });
    expect(box).toHaveFocus();
    await userEvent.type(box, 'e');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Assign an expert?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('picks with Enter without confirming, then Enter in the field confirms', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmWithBox onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const box = screen.getByRole('combobox', { name: 'Expert' });
    await userEvent.type(box, 'mei');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Mei Chen' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Mei Chen');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('while busy, a form waits: Escape keeps what was typed', async () => {
    const { rerender } = render(<ConfirmWithBox />);
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Expert' }), 'Grace');
    await userEvent.keyboard('{Escape}');
    rerender(<ConfirmWithBox busy />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assigning…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Expert' })).toHaveValue('Grace');
  });
});

describe('Button', () => {
  /** A save button that is busy while its call runs and off once the form is clean. */
  function SaveForm({ onSave }: { onSave: () => void }) {
    const [state, setState] = useState<'dirty' | 'saving' | 'clean'>('dirty');
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
          setState('saving');
        }}
      >
        <input aria-label="Name" />
        <Button type="submit" busy={state === 'saving'} disabled={state === 'clean'}>
          Save
        </Button>
        <Button onClick={() => setState('clean')}>Finish the call</Button>
      </form>
    );
  }

  it('keeps the focus while busy and once off, and sends nothing twice', async () => {
    const onSave = vi.fn();
    render(<SaveForm onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(save).toHaveFocus();
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    expect(onSave).toHaveBeenCalledOnce();

    // Off while it has the focus: it keeps it; once the focus moves on, it is disabled outright.
    save.focus();
    screen.getByRole('button', { name: 'Finish the call' }).click();
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(save).toHaveFocus();
    expect(save).not.toBeDisabled();
    await userEvent.tab();
    expect(save).toBeDisabled();
  });
});
