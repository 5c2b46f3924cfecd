import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { focusPlace, focusWhenReady, placesAround } from './focus';

describe('the focus after an action', () => {
  it('waits for the result to be rendered and for the dialog to be gone, then focuses it', async () => {
    const { rerender } = render(
      <main>
        <div role="dialog" aria-label="Add">
          <button type="button">Add</button>
        </div>
      </main>,
    );
    focusWhenReady(() => document.querySelector<HTMLElement>('[data-comment-id="7"]'));
    // The result is there, the dialog still open: the focus waits.
    rerender(
      <main>
        <div role="dialog" aria-label="Add">
          <button type="button">Add</button>
        </div>
        <p data-comment-id="7">New comment</p>
      </main>,
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(screen.getByText('New comment')).not.toHaveFocus();
    rerender(
      <main>
        <p data-comment-id="7">New comment</p>
      </main>,
    );
    // A message is made focusable from script, out of the Tab order.
    await waitFor(() => expect(screen.getByText('New comment')).toHaveFocus());
    expect(screen.getByText('New comment')).toHaveAttribute('tabindex', '-1');
  });

  it('leaves the focus alone once the user presses a key', async () => {
    render(<input aria-label="Search" />);
    screen.getByRole('textbox').focus();
    focusWhenReady(() => document.querySelector<HTMLElement>('#late'));
    await userEvent.keyboard('a');
    act(() => {
      const late = document.createElement('p');
      late.id = 'late';
      document.body.append(late);
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('falls back to the heading of the nearest part of the page that stays', () => {
    render(
      <section>
        <h2>Action plan</h2>
        <form aria-label="Change">
          <button type="button">Save</button>
        </form>
      </section>,
    );
    const places = placesAround(screen.getByRole('button'));
    screen.getByRole('form').remove();
    expect(focusPlace(places)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Action plan' })).toHaveFocus();
  });
});
