import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider, TruncatedText } from './Tooltip';

const TEXT = 'Handmade Ball panel: integration with the payment provider';

/** jsdom lays nothing out: the span says how wide its text is against its box. */
function measure(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => vi.restoreAllMocks());

describe('TruncatedText', () => {
  it('renders a plain span, with no tooltip trigger, until a pointer finds it', () => {
    render(
      <TooltipProvider>
        <TruncatedText text={TEXT} />
      </TooltipProvider>,
    );
    const span = screen.getByText(TEXT);
    // Radix marks its triggers with data-state; a long table of cells must not mount one each.
    expect(span).not.toHaveAttribute('data-state');
  });

  it('shows the whole text on hover when the text is cut', async () => {
    measure(420, 180);
    render(
      <TooltipProvider>
        <TruncatedText text={TEXT} />
      </TooltipProvider>,
    );
    fireEvent.pointerEnter(screen.getByText(TEXT));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TEXT);
  });

  it('shows nothing on hover when the whole text fits', () => {
    measure(120, 180);
    render(
      <TooltipProvider>
        <TruncatedText text={TEXT} />
      </TooltipProvider>,
    );
    fireEvent.pointerEnter(screen.getByText(TEXT));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
