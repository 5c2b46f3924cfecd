import { ISSUENESS_THRESHOLDS, RISKINESS_THRESHOLDS } from '../../api/contract/dashboard';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AREAS } from '../shell/areas';
import HelpPage from './HelpPage';
import { searchHelp } from './searchHelp';
import { HELP_TOPICS } from './topics';
import { METRICS_UPLOAD } from '../../api/contract/metricsApprovals';
import { CHECK_INDEX_MESSAGES } from '../../api/contract/polls';
import { VALIDATION_STATUS_UPLOAD } from '../../api/contract/projectAttributes';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_FILES } from '../../api/contract/risks';

const HELP = '/online-help/index.htm';

function renderHelp(entry = HELP) {
  const router = createMemoryRouter(
    [
      { path: HELP.slice(1), element: <HelpPage /> },
      { path: 'risks', element: <p>Risks list</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const topicRegion = (title: string) => screen.getByRole('region', { name: title });
const contents = () => screen.getByRole('navigation', { name: 'Help topics' });

describe('HelpPage', () => {
  const scrollIntoView = vi.fn();
  const originalScrollIntoView = Element.prototype.scrollIntoView;
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    Element.prototype.scrollIntoView = originalScrollIntoView;
    scrollIntoView.mockReset();
  });

  it('lists every area topic in the contents and shows each with its sections', () => {
    renderHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    for (const topic of HELP_TOPICS) {
      expect(within(contents()).getByRole('link', { name: topic.title })).toHaveAttribute(
        'href',
        `${HELP}#${topic.id}`,
      );
      const region = topicRegion(topic.title);
      expect(region).toHaveAttribute('id', topic.id);
      expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(topic.title);
      const headings = within(region).getAllByRole('heading', { level: 3 });
      expect(headings.map((heading) => heading.textContent)).toEqual(
        topic.sections.map((section) => section.heading),
      );
    }
  });

  it('keeps headings in order, one h1 and no skipped level', () => {
    renderHelp();
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.slice(1).forEach((level, index) => {
      expect(level - (levels[index] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('filters topics as the user types, case-insensitively', async () => {
    const { user } = renderHelp();
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'SuperVisor');

    const checks = topicRegion('Checks');
    expect(
      within(checks).getByRole('heading', { name: 'The supervisor comment rule' }),
    ).toBeInTheDocument();
    expect(within(checks).queryByRole('heading', { name: 'Check index' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Calendar' })).not.toBeInTheDocument();
    expect(within(contents()).getByRole('link', { name: 'Checks' })).toBeInTheDocument();
    expect(within(contents()).queryByRole('link', { name: 'Calendar' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/topics? match(es)? "SuperVisor"/);
  });

  it('says when nothing matches, and clearing the search restores every topic', async () => {
    const { user } = renderHelp();
    const search = screen.getByRole('searchbox', { name: 'Search help' });
    await user.type(search, 'xyzzy');

    expect(screen.getByText('No help topic matches "xyzzy"')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Help topics' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('region')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(screen.getAllByRole('region')).toHaveLength(HELP_TOPICS.length);
    expect(screen.queryByText(/No help topic matches/)).not.toBeInTheDocument();
  });

  it('clears the search with Escape', async () => {
    const { user } = renderHelp();
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'xyzzy{Escape}');
    expect(screen.getByRole('searchbox', { name: 'Search help' })).toHaveValue('');
    expect(screen.getAllByRole('region')).toHaveLength(HELP_TOPICS.length);
  });

  it('gives the check index hint of spec §5 verbatim', () => {
    renderHelp();
    expect(
      within(topicRegion('Checks')).getByText(
        'Specify index title up to 10 characters. Please use letters, numbers and "_" only.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the exact comment attachment types and limits', () => {
    renderHelp();
    const risks = topicRegion('Risks And Issues');
    expect(
      within(risks).getByText(
        'A comment takes up to 5 files of 50 MB each. Allowed types: xls, xlsx, ods, doc, docx, odt, ppt, pptx, odp, jpeg, jpg, png, bmp, pdf.',
      ),
    ).toBeInTheDocument();
    expect(within(risks).getByText(/Plain text and GIF files are not allowed/)).toBeInTheDocument();
    expect(within(risks).getByText(/52428800 bytes/)).toBeInTheDocument();
  });

  it('links each area topic to its page', async () => {
    const { router, user } = renderHelp();
    const open = within(topicRegion('Risks And Issues')).getByRole('link', {
      name: 'Open Risks And Issues',
    });
    expect(open).toHaveAttribute('href', '/risks');
    expect(
      within(topicRegion('Troubleshooting')).queryByRole('link', { name: /^Open/ }),
    ).not.toBeInTheDocument();

    await user.click(open);
    expect(router.state.location.pathname).toBe('/risks');
    expect(screen.getByText('Risks list')).toBeInTheDocument();
  });

  it('scrolls the topic named by the URL hash into view and focuses its heading', () => {
    renderHelp(`${HELP}#checks`);
    const checks = topicRegion('Checks');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(checks);
    expect(within(checks).getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it('goes to a topic from the contents', async () => {
    const { router, user } = renderHelp();
    await user.click(within(contents()).getByRole('link', { name: 'Calendar' }));
    expect(router.state.location.hash).toBe('#calendar');
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(topicRegion('Calendar'));
    expect(within(topicRegion('Calendar')).getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it('states the check index rules and the upload rules as the contract has them', () => {
    renderHelp();
    const checks = topicRegion('Checks');
    expect(within(checks).getByText(CHECK_INDEX_MESSAGES.hint)).toBeInTheDocument();
    for (const message of [CHECK_INDEX_MESSAGES.required, CHECK_INDEX_MESSAGES.tooLong])
      expect(checks).toHaveTextContent(message);
    expect(topicRegion('Risks And Issues')).toHaveTextContent(
      `A comment takes up to ${ATTACHMENT_MAX_FILES} files of 50 MB each. Allowed types: ${ATTACHMENT_EXTENSIONS.join(', ')}.`,
    );
    // The card's uploads, which the help used to send the reader to without stating.
    const card = topicRegion('Project Portfolio Structure');
    expect(card).toHaveTextContent(
      'Metrics evidence: one file of up to 50 MB: jpeg, jpg, png, eml or msg.',
    );
    expect(card).toHaveTextContent(
      `Profile validation status: up to ${VALIDATION_STATUS_UPLOAD.maxFiles} files of up to 50 MB each: ${VALIDATION_STATUS_UPLOAD.extensions.slice(0, -1).join(', ')} or msg.`,
    );
    expect(METRICS_UPLOAD.extensions).toEqual(['jpeg', 'jpg', 'png', 'eml', 'msg']);
  });
});

describe('help topics', () => {
  it('has a topic for every sidebar area, with its path and permission', () => {
    for (const area of AREAS) {
      const topic = HELP_TOPICS.find((candidate) => candidate.title === area.label);
      expect(topic, area.label).toBeDefined();
      expect(topic?.path).toBe(area.path);
      expect(topic?.permission ?? null).toBe(area.permissions?.[0] ?? null);
    }
  });

  it('also covers getting started, notifications, permissions and troubleshooting', () => {
    expect(HELP_TOPICS.map((topic) => topic.id)).toEqual(
      expect.arrayContaining([
        'getting-started',
        'notifications',
        'permissions',
        'troubleshooting',
      ]),
    );
  });

  it('uses unique slugs and gives every topic content', () => {
    const ids = HELP_TOPICS.map((topic) => topic.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const topic of HELP_TOPICS) {
      expect(topic.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      // An area not built yet says so in one section; the others explain it.
      if (topic.sections[0]?.heading === 'Not available yet')
        expect(topic.sections).toHaveLength(1);
      else expect(topic.sections.length).toBeGreaterThanOrEqual(2);
      for (const section of topic.sections) {
        expect(section.paragraphs.length + (section.list?.length ?? 0)).toBeGreaterThan(0);
      }
    }
  });
});

describe('the dashboard topic', () => {
  const text = (heading: string) => {
    const section = HELP_TOPICS.find((topic) => topic.id === 'dashboard')?.sections.find(
      (candidate) => candidate.heading === heading,
    );
    return [...(section?.paragraphs ?? []), ...(section?.list ?? [])].join(' ');
  };

  it("states the contract's points and thresholds, so a director can count a score by hand", () => {
    expect(text('Riskiness of an account')).toContain(
      'Low 1, Moderate 2, High 3, so 1 to 9 points',
    );
    expect(text('Riskiness of an account')).toContain(
      `Low below ${RISKINESS_THRESHOLDS.moderate} points, Moderate from ${RISKINESS_THRESHOLDS.moderate} to ${RISKINESS_THRESHOLDS.high - 1}, High from ${RISKINESS_THRESHOLDS.high}.`,
    );
    expect(text('Issueness of an account')).toContain(
      'Low 1, Moderate 2, High 3, Critical 4, so 1 to 16 points',
    );
    expect(text('Issueness of an account')).toContain(`High from ${ISSUENESS_THRESHOLDS.high}.`);
  });
});

describe('searchHelp', () => {
  it('needs every word of the query in the same section', () => {
    const [match] = searchHelp(HELP_TOPICS, 'merge initial');
    expect(match?.topic.id).toBe('risks');
    expect(match?.sections.map((section) => section.heading)).toEqual(['Duplicates']);
  });

  it('keeps every section of a topic whose title matches', () => {
    const planner = searchHelp(HELP_TOPICS, 'planner').find(({ topic }) => topic.id === 'planner');
    expect(planner?.sections).toHaveLength(
      HELP_TOPICS.find((topic) => topic.id === 'planner')?.sections.length ?? -1,
    );
  });

  it('returns everything for a blank query', () => {
    expect(searchHelp(HELP_TOPICS, '   ')).toHaveLength(HELP_TOPICS.length);
  });
});
