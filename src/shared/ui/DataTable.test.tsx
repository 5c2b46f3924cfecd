import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { giveRegionLayout } from '../../testing/jsdom';
import {
  DataTable,
  nextSort,
  readSort,
  useDataTable,
  useTableSort,
  type Column,
  type TableSort,
} from './DataTable';
import { TooltipProvider } from './Tooltip';
import { onAPhone } from '../../testing/phone';

interface Tool {
  id: number;
  name: string;
  owner: string;
  expiry: string | null;
  cost: number;
}

const TOOLS: Tool[] = [
  { id: 1, name: 'Figma', owner: 'Priya Nair', expiry: '2026-12-23', cost: 120 },
  { id: 2, name: 'Burp Suite', owner: 'Omar Haddad', expiry: null, cost: 449 },
  { id: 3, name: 'Jira', owner: 'Alex Morgan', expiry: '2026-01-17', cost: 8 },
];

const COLUMNS: Column<Tool>[] = [
  {
    id: 'name',
    header: 'Tool',
    rowHeader: true,
    cell: (tool) => tool.name,
    sortValue: (tool) => tool.name,
  },
  { id: 'owner', header: 'Owner', kind: 'truncate', cell: (tool) => tool.owner },
  {
    id: 'expiry',
    header: 'Expiry',
    kind: 'date',
    cell: (tool) => tool.expiry ?? '—',
    sortValue: (tool) => tool.expiry,
  },
  {
    id: 'cost',
    header: 'Cost',
    kind: 'number',
    cell: (tool) => String(tool.cost),
    sortValue: (tool) => tool.cost,
    sortDescFirst: true,
    footer: '577',
  },
];

function Tools({ initial = null }: { initial?: TableSort | null }) {
  const { sort, onSort } = useTableSort(COLUMNS, initial);
  return (
    <TooltipProvider>
      <DataTable
        caption="Tools register"
        columns={COLUMNS}
        rows={TOOLS}
        rowKey={(tool) => tool.id}
        sort={sort}
        onSort={onSort}
      />
    </TooltipProvider>
  );
}

/** The row headers of the body, in order. */
const names = () =>
  [...screen.getByRole('table').querySelectorAll('tbody th')].map((cell) => cell.textContent);

describe('DataTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the rows of a group under a header row that names it, as a table and as cards', () => {
    const grouped = () => (
      <TooltipProvider>
        <DataTable
          caption="Tools register"
          columns={COLUMNS}
          rows={TOOLS}
          rowKey={(tool) => tool.id}
          groupOf={(tool) => (tool.expiry ? 'Licensed' : 'Free')}
          groupLabel={(group, count) => `${group} (${count})`}
        />
      </TooltipProvider>
    );
    const groupsOf = () =>
      screen.getAllByRole('rowgroup').flatMap((body) => {
        const header = body.querySelector('th[scope="rowgroup"]');
        return header
          ? [
              [
                header.textContent,
                ...within(body)
                  .getAllByRole('rowheader')
                  .slice(1)
                  .map((cell) => cell.textContent),
              ],
            ]
          : [];
      });
    const { unmount } = render(grouped());
    expect(groupsOf()).toEqual([
      ['Licensed (1)', 'Figma'],
      ['Free (1)', 'Burp Suite'],
      ['Licensed (1)', 'Jira'],
    ]);
    unmount();
    onAPhone();
    render(grouped());
    expect(groupsOf()).toEqual([
      ['Licensed (1)', 'Figma'],
      ['Free (1)', 'Burp Suite'],
      ['Licensed (1)', 'Jira'],
    ]);
  });

  it('sorts in the browser on a header press, says the sort in its caption and in aria-sort', async () => {
    const user = userEvent.setup();
    render(<Tools />);
    expect(screen.getByRole('table', { name: 'Tools register' })).toBeInTheDocument();
    expect(names()).toEqual(['Figma', 'Burp Suite', 'Jira']);

    await user.click(screen.getByRole('button', { name: 'Tool' }));
    expect(
      screen.getByRole('table', { name: 'Tools register, sorted by Tool' }),
    ).toBeInTheDocument();
    expect(names()).toEqual(['Burp Suite', 'Figma', 'Jira']);
    expect(screen.getByRole('columnheader', { name: 'Tool' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: 'Owner' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Tool' }));
    expect(names()).toEqual(['Jira', 'Figma', 'Burp Suite']);
    expect(
      screen.getByRole('table', { name: 'Tools register, sorted by Tool, descending' }),
    ).toBeInTheDocument();

    // A missing expiry sorts last either way; a cost starts with the highest.
    await user.click(screen.getByRole('button', { name: 'Expiry' }));
    expect(names()).toEqual(['Jira', 'Figma', 'Burp Suite']);
    await user.click(screen.getByRole('button', { name: 'Expiry' }));
    expect(names()).toEqual(['Figma', 'Jira', 'Burp Suite']);
    await user.click(screen.getByRole('button', { name: 'Cost' }));
    expect(names()).toEqual(['Burp Suite', 'Figma', 'Jira']);
    expect(screen.getByRole('columnheader', { name: 'Cost' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('keeps server-sorted rows in their order and names the default order they came in', () => {
    render(
      <DataTable
        caption="Check summaries"
        columns={COLUMNS}
        rows={TOOLS}
        rowKey={(tool) => tool.id}
        serverSorted
        defaultSort={{ column: 'expiry', descending: true }}
        onSort={() => undefined}
      />,
      { wrapper: TooltipProvider },
    );
    expect(
      screen.getByRole('table', { name: 'Check summaries, sorted by Expiry, descending' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Expiry' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(names()).toEqual(['Figma', 'Burp Suite', 'Jira']);
  });

  it('draws the row header, a one-line cut name with its whole text and the footer', () => {
    render(<Tools />);
    const [, figma] = screen.getAllByRole('row');
    expect(within(figma!).getByRole('rowheader')).toHaveTextContent('Figma');
    expect(within(figma!).getByText('Priya Nair')).toBeInTheDocument();
    const footer = screen.getAllByRole('row').at(-1)!;
    expect(footer).toHaveTextContent('577');
  });

  it('gives the model’s shown rows to the page (what an export saves)', async () => {
    const user = userEvent.setup();
    const shown = vi.fn();
    function Exporting() {
      const [sort, setSort] = useState<TableSort | null>({ column: 'cost', descending: false });
      const table = useDataTable({
        columns: COLUMNS,
        rows: TOOLS,
        rowKey: (tool) => tool.id,
        sort,
        onSort: (id) => setSort(nextSort(sort, id)),
      });
      shown(table.shownRows.map((tool) => tool.name));
      return <DataTable table={table} caption="Tools" />;
    }
    render(<Exporting />, { wrapper: TooltipProvider });
    expect(shown).toHaveBeenLastCalledWith(['Jira', 'Figma', 'Burp Suite']);
    await user.click(screen.getByRole('button', { name: 'Cost' }));
    expect(shown).toHaveBeenLastCalledWith(['Burp Suite', 'Figma', 'Jira']);
  });

  it('draws only the rows in view of a long virtualised list, and says where each sits', () => {
    giveRegionLayout('long-caption', 400);
    const many = Array.from({ length: 500 }, (_, index) => ({
      id: index,
      name: `Tool ${index}`,
      owner: 'Alex Morgan',
      expiry: null,
      cost: index,
    }));
    render(
      <DataTable
        caption="Many tools"
        captionId="long-caption"
        columns={COLUMNS}
        rows={many}
        rowKey={(tool) => tool.id}
        virtual={{ rowHeight: 40 }}
      />,
      { wrapper: TooltipProvider },
    );
    const table = screen.getByRole('table', { name: 'Many tools' });
    expect(table).toHaveAttribute('aria-rowcount', '501');
    const drawn = within(table).getAllByRole('rowheader');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]!.closest('tr')).toHaveAttribute('aria-rowindex', '2');
    // The frame scrolls: a named region the keyboard can reach.
    expect(screen.getByRole('region', { name: 'Many tools (scrolls)' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('is a list of cards on a phone: the row header first, each value under its column name', () => {
    onAPhone();
    const columns: Column<Tool>[] = [
      { id: 'owner', header: 'Owner', cell: (tool) => tool.owner },
      ...COLUMNS.filter((column) => column.id !== 'owner'),
    ];
    render(
      <DataTable
        caption="Tools"
        columns={columns}
        rows={TOOLS}
        rowKey={(tool) => tool.id}
        onSort={() => undefined}
      />,
      { wrapper: TooltipProvider },
    );
    const table = screen.getByRole('table', { name: 'Tools' });
    expect(table).toHaveAttribute('role', 'table');
    const [, figma] = within(table).getAllByRole('row');
    const cells = [...figma!.children];
    expect(cells.map((cell) => cell.getAttribute('role'))).toEqual([
      'rowheader',
      'cell',
      'cell',
      'cell',
    ]);
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Figma',
      'OwnerPriya Nair',
      'Expiry2026-12-23',
      'Cost120',
    ]);
    // The sort stays at hand over the cards.
    expect(screen.getByRole('button', { name: 'Expiry' })).toBeInTheDocument();
  });

  it('draws a row being edited as one cell across the table, as a table and as cards', () => {
    const editor = (tool: Tool) => tool.id === 2 && <p>Editing {tool.name}</p>;
    const table = (
      <DataTable
        caption="Tools"
        columns={COLUMNS}
        rows={TOOLS}
        rowKey={(tool) => tool.id}
        rowEditor={editor}
      />
    );
    const { rerender } = render(table, { wrapper: TooltipProvider });
    const rows = () => within(screen.getByRole('table', { name: 'Tools' })).getAllByRole('row');
    const burp = () => rows()[2]!;
    expect(burp().children).toHaveLength(1);
    expect(burp().children[0]).toHaveAttribute('colspan', '4');
    expect(burp()).toHaveTextContent(/^Editing Burp Suite$/);
    expect(rows()[1]).toHaveTextContent('FigmaPriya Nair2026-12-23120');

    onAPhone();
    rerender(<DataTable {...table.props} />);
    expect(screen.getByRole('table', { name: 'Tools' })).toHaveAttribute('role', 'table');
    expect(burp()).toHaveTextContent(/^Editing Burp Suite$/);
    expect(within(burp()).getByRole('cell')).toBeInTheDocument();
  });

  it('gives a row the data attributes asked for, as a table and as cards', () => {
    const marked = () => (
      <DataTable
        caption="Tools"
        columns={COLUMNS}
        rows={TOOLS}
        rowKey={(tool) => tool.id}
        rowData={(tool) => ({ 'data-status': tool.expiry ? 'licensed' : 'free' })}
      />
    );
    const { unmount } = render(marked(), { wrapper: TooltipProvider });
    const statuses = () =>
      [...screen.getByRole('table').querySelectorAll('tbody tr')].map((row) =>
        row.getAttribute('data-status'),
      );
    expect(statuses()).toEqual(['licensed', 'free', 'licensed']);
    unmount();
    onAPhone();
    render(marked(), { wrapper: TooltipProvider });
    expect(statuses()).toEqual(['licensed', 'free', 'licensed']);
  });

  it('keeps over the cards only the headers that can be pressed, not words drawn as header content', () => {
    onAPhone();
    const columns: Column<Tool>[] = [
      ...COLUMNS,
      {
        id: 'pick',
        header: 'Pick',
        headerContent: <input type="checkbox" aria-label="Pick all" />,
        cell: () => null,
      },
      {
        id: 'quarter',
        header: '2026 Q4',
        headerContent: <span>2026 Q4 · open</span>,
        passiveHeader: true,
        cell: () => null,
      },
    ];
    render(
      <DataTable caption="Tools" columns={columns} rows={TOOLS} rowKey={(tool) => tool.id} />,
      { wrapper: TooltipProvider },
    );
    const classOf = (name: string) => screen.getByRole('columnheader', { name }).className;
    // Nothing sorts here: the plain headers are for screen readers only, and so are the words.
    expect(classOf('Tool')).toMatch(/passiveHeader/);
    expect(classOf('2026 Q4 · open')).toMatch(/passiveHeader/);
    expect(classOf('Pick all')).not.toMatch(/passiveHeader/);
  });

  it('reads and writes a DRF ordering', () => {
    expect(readSort('-due_date', ['due_date'])).toEqual({ column: 'due_date', descending: true });
    expect(readSort('nope', ['due_date'])).toBeNull();
    expect(nextSort({ column: 'a', descending: false }, 'a')).toEqual({
      column: 'a',
      descending: true,
    });
    expect(nextSort({ column: 'a', descending: true }, 'b', true)).toEqual({
      column: 'b',
      descending: true,
    });
  });
});
