import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

const TABS = Array.from({ length: 12 }, (_, index) => ({
  id: `tab-${index}`,
  label: `Section ${index + 1}`,
}));

/** A row 300 px wide holding 1 200 px of tabs, scrolled to `left` (jsdom lays nothing out). */
function rowOf(width: number, content: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
}

const list = () => screen.getByRole('tablist', { name: 'Card sections' });

describe('Tabs in a row that scrolls sideways', () => {
  afterEach(() => vi.restoreAllMocks());

  const renderTabs = () =>
    render(
      <Tabs label="Card sections" tabs={TABS} selected="tab-0" onSelect={() => undefined} vertical>
        <p>Panel</p>
      </Tabs>,
    );

  it('marks the edge where more tabs wait, and follows the scroll', () => {
    rowOf(300, 1200);
    renderTabs();
    expect(list()).toHaveAttribute('data-more-after');
    expect(list()).not.toHaveAttribute('data-more-before');

    list().scrollLeft = 450;
    fireEvent.scroll(list());
    expect(list()).toHaveAttribute('data-more-before');
    expect(list()).toHaveAttribute('data-more-after');

    list().scrollLeft = 900;
    fireEvent.scroll(list());
    expect(list()).toHaveAttribute('data-more-before');
    expect(list()).not.toHaveAttribute('data-more-after');
  });

  it('marks nothing when every tab fits', () => {
    rowOf(1200, 1200);
    renderTabs();
    expect(list()).not.toHaveAttribute('data-more-after');
    expect(list()).not.toHaveAttribute('data-more-before');
  });
});
