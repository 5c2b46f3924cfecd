import { format, getDay, parse, parseISO, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { CalendarDays, ChevronLeft, ChevronRight, Download, User } from 'lucide-react';
import { useCallback, useState, type PointerEvent, type FocusEvent } from 'react';
import {
  Calendar,
  dateFnsLocalizer,
  type EventProps,
  type EventPropGetter,
} from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import {
  CALENDAR_ICS_NAME,
  CALENDAR_KIND_LABELS,
  CALENDAR_KINDS,
  type CalendarEvent,
  type CalendarKind,
} from '../../api/contract/calendar';
import { PLANNER_PERIOD_FLAGS } from '../../api/contract/plannerPeriods';
import { downloadBlob } from '../../shared/lib/download';
import { useFocusAfterAction } from '../../shared/lib/focus';
import {
  clearing,
  codeIn,
  positiveInt,
  readParams,
  useUrlParams,
} from '../../shared/lib/searchParams';
import { notify } from '../../shared/lib/toasts';
import { Button } from '../../shared/ui/Button';
import { LoadFailed } from '../../shared/ui/EmptyState';
import { CheckboxFilter, SelectFilters, type SelectFilterSpec } from '../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce, type ActiveFilter } from '../../shared/ui/FilterPanel';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Tabs } from '../../shared/ui/Tabs';
import { Link } from 'react-router';
import { Tooltip } from '../../shared/ui/Tooltip';
import { safeHref } from '../../shared/lib/safeHref';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetCalendarEventsQuery, useLazyGetMyCalendarFileQuery } from './api';
import styles from './calendar.module.css';
import {
  AGENDA_DAYS,
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  dayParam,
  filterEvents,
  isoDay,
  placesOf,
  rangeLabel,
  step,
  visibleRange,
  WEEK,
  type CalendarView,
} from './range';

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, WEEK),
  getDay,
  locales: { 'en-US': enUS },
});

/** An event as react-big-calendar takes it: all-day, the end exclusive (the next midnight). */
interface Shown {
  title: string;
  start: Date;
  end: Date;
  allDay: true;
  resource: CalendarEvent;
}

const toShown = (event: CalendarEvent): Shown => {
  const end = parseISO(event.end);
  end.setDate(end.getDate() + 1);
  return { title: event.title, start: parseISO(event.start), end, allDay: true, resource: event };
};

const FILTER_PARAMS = ['kinds', 'account', 'project', 'mine'] as const;
const NARROW = '(max-width: 40rem)';

/** The kinds the user may see: planner periods only with their viewing flag (the server's rule). */
function kindsOffered(permissions: readonly string[]): readonly CalendarKind[] {
  return CALENDAR_KINDS.filter(
    (kind) => kind !== 'period' || permissions.includes(PLANNER_PERIOD_FLAGS.view),
  );
}

/** The offered kinds the URL names (a comma list); all of them when it names none. */
function kindsParam(value: string | null, offered: readonly CalendarKind[]): Set<CalendarKind> {
  const named = (value ?? '')
    .split(',')
    .filter((kind): kind is CalendarKind => (offered as readonly string[]).includes(kind));
  return new Set(value === null ? offered : named);
}

/**
 * An event's words and link: a link opens its record, the user's own say so. A title the day's
 * width cuts with an ellipsis shows whole in a tooltip on keyboard focus as on hover (its link
 * is named by the whole title already).
 */
function EventLabel({ event }: EventProps<Shown>) {
  const { resource } = event;
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const measure = (target: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const box = target.currentTarget.closest('.rbc-event-content') ?? target.currentTarget;
    setCut(box.scrollWidth > box.clientWidth);
  };
  const text = (
    <>
      {resource.mine && (
        <>
          <User size={12} aria-hidden="true" className={styles.mineIcon} />
          <span className="visually-hidden">Yours:</span>{' '}
        </>
      )}
      {resource.title}
    </>
  );
  // A target the server sent is a link only when it is an in-app path or http(s) (safeHref).
  const href = safeHref(resource.path);
  return href ? (
    <Tooltip content={resource.title} open={open && cut} onOpenChange={setOpen}>
      <Link to={href} className={styles.eventLink} onFocus={measure} onPointerEnter={measure}>
        {text}
      </Link>
    </Tooltip>
  ) : (
    <span>{text}</span>
  );
}

/** The roles react-big-calendar's month and week grids claim without holding their rules. */
const GRID_ROLES =
  ':is(.rbc-month-view, .rbc-time-view) :is([role="table"], [role="rowgroup"], [role="row"], [role="cell"], [role="columnheader"], [aria-sort]), :is(.rbc-month-view, .rbc-time-view)[role="table"]';

/**
 * react-big-calendar marks its month and week grids up as a table whose rows hold links and
 * buttons, and its week header cells as column headers outside any row: screen readers announce
 * a broken table (axe: aria-required-children, aria-required-parent). The grid is kept as what it
 * looks like, days with their links; the agenda is the table. Applied again whenever the library
 * renders new rows.
 */
function usePlainGrid() {
  // A callback ref: the grid mounts once the events have loaded, and again after an error.
  return useCallback((root: HTMLDivElement | null) => {
    if (!root) return;
    const plain = () => {
      for (const element of root.querySelectorAll(GRID_ROLES)) {
        element.removeAttribute('role');
        element.removeAttribute('aria-sort');
      }
    };
    plain();
    const observer = new MutationObserver(plain);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributeFilter: ['role', 'aria-sort'],
    });
    return () => observer.disconnect();
  }, []);
}

const eventProps: EventPropGetter<Shown> = ({ resource }) => ({
  className: `${styles.event} ${styles[resource.kind]} ${resource.mine ? styles.mine : ''}`,
});

/**
 * `/calendar` (CAN_VIEW_SCHEDULER): checks by planned week, planner period starts and ends, and the
 * due dates of risks, issues and action items, in a month, week or agenda view. The view, the day,
 * the kinds shown, the account, the project and "only my items" live in the URL; the range comes
 * from the server once, the filters apply at once. An event opens its record; today and the
 * user's own items stand out. The user's own items of the range download as an iCalendar file.
 */
export default function CalendarPage() {
  const { params, update } = useUrlParams();
  const read = readParams(params, {
    view: codeIn(CALENDAR_VIEWS),
    account: positiveInt,
    project: positiveInt,
  });
  // A phone opens on the agenda: a month's seven columns do not fit its width.
  const [defaultView] = useState<CalendarView>(() =>
    typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches
      ? 'agenda'
      : 'month',
  );
  const view: CalendarView = read.view ?? defaultView;
  const showView = (next: CalendarView) =>
    update({ view: next === defaultView ? undefined : next });
  const date = dayParam(params.get('date')) ?? new Date();
  const { data: user } = useGetCurrentUserQuery();
  const offered = kindsOffered(user?.permissions ?? []);
  const kinds = kindsParam(params.get('kinds'), offered);
  const mine = params.get('mine') === '1';
  const range = visibleRange(view, date);
  const { data, isLoading, isFetching, isError, refetch } = useGetCalendarEventsQuery(range, {
    refetchOnMountOrArgChange: 60,
  });
  const [fetchFile, file] = useLazyGetMyCalendarFileQuery();
  const [announce, setAnnounce] = useState('');
  const gridRef = usePlainGrid();
  const focusAfter = useFocusAfterAction();
  /** "+N more" and a day's number open that day, its heading focused, from where Tab reads it. */
  const openDay = (day: Date) => {
    // Its own history entry: Back returns to the month.
    update({ view: 'day', date: isoDay(day) }, { push: true });
    const heading = rangeLabel('day', day);
    focusAfter(() => {
      const range = document.getElementById('calendar-range');
      return range?.textContent === heading ? range : null;
    });
  };

  // The React Compiler memoizes these per input.
  const events = data ?? [];
  const { account, project } = read;
  const shown = filterEvents(events, {
    kinds,
    mine,
    ...(account !== undefined ? { account } : {}),
    ...(project !== undefined ? { project } : {}),
  }).map(toShown);
  const accounts = placesOf(events, 'account');
  const projects = placesOf(
    account === undefined ? events : events.filter((event) => event.account?.id === account),
    'project',
  );
  const filtered = FILTER_PARAMS.some((param) => params.has(param));
  const selects: SelectFilterSpec[] = [
    {
      param: 'account',
      label: 'Account',
      anyLabel: 'Any account',
      options: accounts.map(({ id }) => String(id)),
      labels: Object.fromEntries(accounts.map(({ id, name }) => [String(id), name])),
      unknownLabel: () => 'An account with nothing in this range',
    },
    {
      param: 'project',
      label: 'Project',
      anyLabel: 'Any project',
      options: projects.map(({ id }) => String(id)),
      labels: Object.fromEntries(projects.map(({ id, name }) => [String(id), name])),
      unknownLabel: () => 'A project with nothing in this range',
    },
  ];
  const selectValues = { account: account ?? '', project: project ?? '' };
  const inForce: ActiveFilter[] = [
    ...(params.has('kinds')
      ? [
          {
            param: 'kinds',
            label: `Show: ${
              offered
                .filter((kind) => kinds.has(kind))
                .map((kind) => CALENDAR_KIND_LABELS[kind])
                .join(', ') || 'nothing'
            }`,
          },
        ]
      : []),
    ...selectFiltersInForce(selects, selectValues),
    ...(mine ? [{ param: 'mine', label: 'Only my items' }] : []),
  ];

  const go = (next: Date) => {
    update({ date: isoDay(next) });
    setAnnounce(rangeLabel(view, next));
  };
  const toggleKind = (kind: CalendarKind, on: boolean) => {
    const next = new Set(kinds);
    if (on) next.add(kind);
    else next.delete(kind);
    update({
      kinds: next.size === offered.length ? undefined : [...next].join(',') || 'none',
    });
  };
  const download = async () => {
    try {
      const text = await fetchFile({ ...range, mine: true }).unwrap();
      downloadBlob(new Blob([text], { type: 'text/calendar' }), CALENDAR_ICS_NAME);
      notify.success('Your items of this range have been downloaded as an iCalendar file.');
    } catch {
      // The error toast says why.
    }
  };

  const label = rangeLabel(view, date);
  return (
    <div className={styles.page}>
      <PageHeader
        title="Calendar"
        subtitle="Checks by planned week, planner periods, and the due dates of risks, issues and action items."
        actions={
          <Button icon={Download} onClick={() => void download()} disabled={file.isFetching}>
            {file.isFetching ? 'Preparing…' : 'Download my items (.ics)'}
          </Button>
        }
      >
        <FilterPanel
          className={styles.filters}
          label="Filter the calendar"
          resetLabel="Reset filters"
          canReset={filtered}
          onReset={() => update(clearing(FILTER_PARAMS))}
          active={inForce}
          onChange={update}
        >
          <fieldset className={styles.kinds}>
            <legend>Show</legend>
            {offered.map((kind) => (
              <CheckboxFilter
                key={kind}
                id={`calendar-kind-${kind}`}
                label={CALENDAR_KIND_LABELS[kind]}
                className={`${styles.kind} ${styles[kind]}`}
                checked={kinds.has(kind)}
                onChange={(on) => toggleKind(kind, on)}
              />
            ))}
          </fieldset>
          <SelectFilters
            idPrefix="calendar"
            filters={selects}
            values={selectValues}
            onChange={(changes) =>
              update('account' in changes ? { ...changes, project: undefined } : changes)
            }
          />
          <CheckboxFilter
            id="calendar-mine"
            label="Only my items"
            checked={mine}
            onChange={(on) => update({ mine: on ? '1' : undefined })}
          />
        </FilterPanel>
      </PageHeader>

      <div className={styles.toolbar}>
        <div className={styles.navigation}>
          <Button onClick={() => go(new Date())} icon={CalendarDays}>
            Today
          </Button>
          <Button
            onClick={() => go(step(view, date, -1))}
            icon={ChevronLeft}
            aria-label={`Previous ${view === 'agenda' ? `${AGENDA_DAYS} days` : view}`}
          />
          <Button
            onClick={() => go(step(view, date, 1))}
            icon={ChevronRight}
            aria-label={`Next ${view === 'agenda' ? `${AGENDA_DAYS} days` : view}`}
          />
          <h2 id="calendar-range" className={styles.range}>
            {label}
          </h2>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
      </div>

      <Tabs
        label="Calendar view"
        tabs={CALENDAR_VIEWS.map((id) => ({ id, label: CALENDAR_VIEW_LABELS[id] }))}
        selected={view}
        onSelect={showView}
      >
        {isLoading ? (
          <LoadingScreen label="Loading the calendar…" />
        ) : isError ? (
          <LoadFailed title="The calendar could not be loaded" onRetry={() => void refetch()} />
        ) : (
          <>
            <p className="muted" role="status">
              {shown.length === 0
                ? filtered
                  ? 'Nothing in this range matches the filters.'
                  : 'Nothing is due or planned in this range.'
                : `${shown.length} ${shown.length === 1 ? 'item' : 'items'} ${view === 'day' ? 'on' : 'in'} ${label}${
                    shown.length === events.length ? '' : ` (of ${events.length})`
                  }`}
            </p>
            <div
              ref={gridRef}
              className={`${styles.calendar} ${styles[view]}`}
              aria-busy={isFetching}
              data-testid="calendar"
            >
              <Calendar<Shown>
                localizer={localizer}
                culture="en-US"
                events={shown}
                view={view}
                views={[...CALENDAR_VIEWS]}
                date={date}
                onNavigate={(next) => go(next)}
                onView={(next) => showView(next as CalendarView)}
                onDrillDown={openDay}
                toolbar={false}
                length={AGENDA_DAYS}
                eventPropGetter={eventProps}
                components={{ event: EventLabel }}
                messages={{
                  noEventsInRange: 'Nothing in this range.',
                  showMore: (n) => `+${n} more`,
                }}
                formats={{ agendaDateFormat: 'EEE MMM d' }}
              />
            </div>
          </>
        )}
      </Tabs>
    </div>
  );
}
