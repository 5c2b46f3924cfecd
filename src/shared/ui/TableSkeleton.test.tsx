import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableSkeleton } from './TableSkeleton';

describe('TableSkeleton', () => {
  it('says what loads once, politely, and hides its bars from assistive technology', () => {
    const { container } = render(<TableSkeleton label="Loading checks…" rows={3} columns={4} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading checks…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    // A header row and three rows of four cells, none of them read out.
    const rows = container.querySelectorAll('[aria-hidden="true"]');
    expect(rows).toHaveLength(4);
    expect(rows[0]?.children).toHaveLength(4);
  });
});
