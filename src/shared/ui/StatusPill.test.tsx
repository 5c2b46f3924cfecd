import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './Badge';
import { StatusPill } from './StatusPill';

const LABELS = { started: 'Started', finished: 'Finished' } as const;
const TONES = { started: 'info', finished: 'success' } as const;

describe('StatusPill', () => {
  it('shows a status as the pill of its tone, the same as any other pill of that tone', () => {
    render(
      <>
        <StatusPill status="started" labels={LABELS} tones={TONES} />
        <Badge tone="info">Reference</Badge>
      </>,
    );
    const pill = screen.getByText('Started');
    expect(pill).toHaveAttribute('data-status', 'started');
    expect(pill.className).toBe(screen.getByText('Reference').className);
  });
});
