import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearing, useUrlParams } from '../lib/searchParams';
import { renderRoute, urlParams } from '../../testing/renderRoutes';
import { SelectFilters, type SelectFilterSpec } from './FilterField';
import { FilterPanel, selectFiltersInForce, textFilterInForce } from './FilterPanel';

const SELECTS: SelectFilterSpec<'status' | 'model'>[] = [
  {
    param: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    options: ['started', 'expert'],
    labels: { started: 'Started', expert: 'Expert review' },
  },
  {
    param: 'model',
    label: 'Model',
    anyLabel: 'Any model',
    options: ['sdo', 'qmo'],
    labels: { sdo: 'SDO', qmo: 'QMO' },
  },
];
const PARAMS = ['status', 'model', 'search'];

/**
 * A list page's filters as the lists wire them: the URL holds them, the panel draws the bar of
 * the fields; `onRemove`, when given, replaces a chip's clearing of its one param.
 */
function Filters({ onRemove }: { onRemove?: (param: string) => void } = {}) {
  const { params, update } = useUrlParams();
  const values = Object.fromEntries(params);
  const active = [
    ...textFilterInForce('search', 'Search', params.get('search') ?? undefined),
    ...selectFiltersInForce(SELECTS, values),
  ];
  return (
    <FilterPanel
      label="Filter checks"
      resetLabel="Reset filters"
      canReset={active.length > 0}
      onReset={() => update(clearing(PARAMS))}
      active={active}
      onChange={update}
      onRemove={onRemove}
    >
      <SelectFilters idPrefix="t" filters={SELECTS} values={values} onChange={update} />
    </FilterPanel>
  );
}

/** The Filters of a page whose status chip takes the model with it. */
function CoupledFilters() {
  const { update } = useUrlParams();
  return (
    <Filters
      onRemove={(param) =>
        update(
          param === 'status' ? { status: undefined, model: undefined } : { [param]: undefined },
        )
      }
    />
  );
}

/** A window `width` px wide, as far as media queries go. */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /max-width: 599/.test(query) && width < 600,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const chips = () => screen.queryByRole('list', { name: 'Filters in force' });

describe('FilterPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('below 600 px', () => {
    beforeEach(() => viewport(390));

    it('hides the form behind a Filters button and shows the URL filters as chips', () => {
      renderRoute(<Filters />, { path: '/list?status=expert&search=apollo&page=2' });
      expect(screen.queryByRole('search')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters, 2 in force' })).toBeVisible();
      const shown = within(chips()!)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent);
      expect(shown).toEqual(['Search: apollo', 'Status: Expert review']);
    });

    it('removing a chip clears that filter only, and the focus stays on the chips', async () => {
      const { router } = renderRoute(<Filters />, {
        path: '/list?status=expert&model=qmo&page=2',
      });
      const remove = screen.getByRole('button', { name: 'Remove filter Status: Expert review' });
      remove.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(urlParams(router)).toEqual({ model: 'qmo', page: '2' }));
      expect(
        within(chips()!)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['Model: QMO']);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Remove filter Model: QMO' })).toHaveFocus(),
      );
    });

    it('removes what a page couples to a chip when it says so', async () => {
      const { router } = renderRoute(<CoupledFilters />, {
        path: '/list?status=expert&model=qmo&search=apollo',
      });
      await userEvent.click(
        screen.getByRole('button', { name: 'Remove filter Status: Expert review' }),
      );
      await waitFor(() => expect(urlParams(router)).toEqual({ search: 'apollo' }));
      expect(
        within(chips()!)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['Search: apollo']);
    });

    it('Clear all clears every filter and leaves no chip', async () => {
      const { router } = renderRoute(<Filters />, { path: '/list?status=expert&model=qmo' });
      await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
      await waitFor(() => expect(urlParams(router)).toEqual({}));
      expect(chips()).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
    });

    it('opens the form in a dialog by keyboard; a choice there adds its chip; Escape closes it', async () => {
      const { router } = renderRoute(<Filters />, { path: '/list' });
      expect(chips()).not.toBeInTheDocument();
      const opener = screen.getByRole('button', { name: 'Filters' });
      opener.focus();
      await userEvent.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Filters' });
      const status = within(dialog).getByLabelText('Status');
      expect(status).toHaveFocus();
      await userEvent.selectOptions(status, 'Started');
      await waitFor(() => expect(urlParams(router)).toEqual({ status: 'started' }));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(chips()!).getByText('Status: Started')).toBeVisible();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Filters, 1 in force' })).toHaveFocus(),
      );
    });
  });

  it('from 600 px keeps the form inline, with no button and no chips', () => {
    viewport(1440);
    renderRoute(<Filters />, { path: '/list?status=expert' });
    expect(screen.getByRole('search', { name: 'Filter checks' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(chips()).not.toBeInTheDocument();
  });

  it('draws the bar of the fields it is given: its reset clears every filter', async () => {
    viewport(1440);
    const { router } = renderRoute(<Filters />, { path: '/list?status=expert&model=qmo' });
    const bar = screen.getByRole('search', { name: 'Filter checks' });
    expect(within(bar).getByLabelText('Status')).toHaveValue('expert');
    await userEvent.click(within(bar).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(within(bar).getByLabelText('Status')).toHaveValue('');
    // It keeps the focus it was clicked with: disabled for assistive technology.
    expect(screen.getByRole('button', { name: 'Reset filters' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
