import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const HOSTILE =
  '<p>Plan <b>now</b> <a href="https://example.com" target="_blank">here</a>' +
  '<img src="x" onerror="alert(1)"><script>alert(2)</script></p>';

afterEach(() => {
  vi.doUnmock('../lib/sanitize');
  vi.resetModules();
});

describe('SafeHtml', () => {
  it('renders server HTML through DOMPurify: markup kept, scripts and handlers gone', async () => {
    const { SafeHtml } = await import('./SafeHtml');
    const { container } = await act(async () =>
      render(<SafeHtml className="text" html={HOSTILE} />),
    );
    const link = await screen.findByRole('link', { name: 'here' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('now').tagName).toBe('B');
    expect(container.querySelector('.text')).not.toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('shows the text only, never the markup, when DOMPurify cannot be loaded', async () => {
    vi.resetModules();
    vi.doMock('../lib/sanitize', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { SafeHtml } = await import('./SafeHtml');
    const { container } = await act(async () => render(<SafeHtml element="p" html={HOSTILE} />));
    expect(await screen.findByText('Plan now here')).toBeInTheDocument();
    expect(container.querySelector('p')?.innerHTML).toBe('Plan now here');
    expect(container.querySelector('b, a, img, script')).toBeNull();
  });
});
