import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * A list page's filters on a phone (FilterPanel below 600 px, with `onAPhone()`): the form waits
 * behind a "Filters, N in force" button and each filter in force is a chip that clears it.
 */
export const phoneFilters = {
  /** The chips' texts, in order; none when no filter is in force. */
  chips: () => {
    const list = screen.queryByRole('list', { name: 'Filters in force' });
    return list
      ? within(list)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent)
      : [];
  },
  /**
   * Asserts the folded form: `field` (a checkbox of the form) is not on the screen, the button
   * counts the chips, and the chips read `inForce`.
   */
  expectFolded(field: string, inForce: string[]) {
    expect(screen.queryByRole('checkbox', { name: field })).toBeNull();
    expect(
      screen.getByRole('button', { name: `Filters, ${inForce.length} in force` }),
    ).toBeVisible();
    expect(phoneFilters.chips()).toEqual(inForce);
  },
  /** Clears one filter by its chip's button. */
  remove: (chip: string) =>
    userEvent.click(screen.getByRole('button', { name: `Remove filter ${chip}` })),
  /** Opens the whole form in its dialog. */
  async open(inForce: number) {
    await userEvent.click(screen.getByRole('button', { name: `Filters, ${inForce} in force` }));
    return screen.getByRole('dialog', { name: 'Filters' });
  },
};
