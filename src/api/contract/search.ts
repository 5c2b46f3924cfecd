/**
 * One search across the product (issue: "what users of Jira and Linear reach for first"): the
 * header's box and Ctrl/⌘+K find projects, accounts, risks and issues, checks and people by name,
 * code or id, grouped by kind, each result a link into the app. The server searches, so the
 * answer holds what the signed-in user may see, at any volume.
 *
 *   GET /api/search/?q=   → SearchResponse; 400 `{q: [message]}` under SEARCH_MIN_LENGTH letters
 */

export const SEARCH_KINDS = ['project', 'account', 'risk', 'issue', 'check', 'person'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  project: 'Projects',
  account: 'Accounts',
  risk: 'Risks',
  issue: 'Issues',
  check: 'Checks',
  person: 'People',
};

/** A search needs this many letters (one letter matches half the company). */
export const SEARCH_MIN_LENGTH = 2;
/** The most results a group holds; its `count` says how many matched in all. */
export const SEARCH_GROUP_LIMIT = 5;
export const SEARCH_TOO_SHORT = `Ensure this field has at least ${SEARCH_MIN_LENGTH} characters.`;

export interface SearchResult {
  kind: SearchKind;
  id: number;
  /** What the result is called: a project's name, a risk's statement, a person's name. */
  title: string;
  /** One line that tells it apart: its code, account, status or level. */
  detail: string;
  /** The in-app address it opens. */
  path: string;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  /** How many of this kind matched, of which `results` holds the best SEARCH_GROUP_LIMIT. */
  count: number;
  results: SearchResult[];
}

export interface SearchResponse {
  /** The text searched for, trimmed. */
  query: string;
  /** The kinds with a match, in SEARCH_KINDS order. */
  groups: SearchGroup[];
}
