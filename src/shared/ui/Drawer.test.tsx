import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Drawer } from './Drawer';
import { Logo } from './Logo';

function Harness() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" onClick={() => setOpen(true)}>
        Menu
      </button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Menu"
        closeLabel="Close menu"
        returnFocusTo={opener}
      >
        <a href="/risks">Risks</a>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('is a named modal dialog; Escape and its close button close it and focus goes back', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toContainElement(screen.getByRole('link', { name: 'Risks' }));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });
});

describe('Logo', () => {
  it('shows the name beside a mark that assistive technology skips', () => {
    const { container } = render(<Logo name="Project Excellence Platform" />);
    expect(screen.getByText('Project Excellence Platform')).toBeInTheDocument();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
