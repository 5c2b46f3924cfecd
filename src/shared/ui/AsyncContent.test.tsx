import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AsyncContent, type QueryState } from './AsyncContent';
import { RowActions } from './RowActions';

const tools = (state: Partial<QueryState<string[]>>, refetch = vi.fn()) => (
  <AsyncContent
    query={{ isLoading: false, isError: false, refetch, ...state }}
    loading={{ skeleton: { label: 'Loading the tools register…' } }}
    failed="The tools register could not be loaded"
    whenError={(status) => (status === 403 ? <p>Not yours to see.</p> : undefined)}
    isEmpty={(list) => list.length === 0}
    empty={<p>No tools in the register yet</p>}
  >
    {(list) => <p>{list.join(', ')}</p>}
  </AsyncContent>
);

describe('AsyncContent', () => {
  it('says it loads, then shows what came', () => {
    const { rerender } = render(tools({ isLoading: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the tools register…');
    rerender(tools({ data: ['Figma', 'Jira'] }));
    expect(screen.getByText('Figma, Jira')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a failed load as an alert whose Try again calls again', async () => {
    const refetch = vi.fn();
    render(tools({ isError: true, error: { status: 500 } }, refetch));
    expect(screen.getByRole('alert')).toHaveTextContent('The tools register could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('answers a status of its own before the usual failure', () => {
    render(tools({ isError: true, error: { status: 403 } }));
    expect(screen.getByText('Not yours to see.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a panel loads in one line of words, as a status', () => {
    render(
      <AsyncContent
        query={{ isLoading: true, isError: false, refetch: vi.fn() }}
        loading={{ inline: 'Loading the attributes…' }}
        failed="The attributes could not be loaded"
      >
        {() => null}
      </AsyncContent>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the attributes…');
  });

  it('shows the empty state when nothing came', () => {
    render(tools({ data: [] }));
    expect(screen.getByText('No tools in the register yet')).toBeInTheDocument();
  });
});

describe('RowActions', () => {
  it('names the menu button for its row and offers the row’s actions', async () => {
    const change = vi.fn();
    render(
      <RowActions of="“Figma”" items={[{ label: 'Change…', onSelect: change }]}>
        <button type="button">Accept</button>
      </RowActions>,
    );
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for “Figma”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change…' }));
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('draws no menu button for a row without actions', () => {
    render(<RowActions of="“Figma”" items={[]} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
