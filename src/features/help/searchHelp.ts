import type { HelpSection, HelpTopic } from './topics';

/** A topic as the search shows it: only the sections that match. */
export interface HelpMatch {
  topic: HelpTopic;
  sections: readonly HelpSection[];
}

/** The lower-case words of a query; an empty list means "no search". */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The topics and sections that contain every word of `query`, case-insensitively. A section is
 * searched together with its topic's title, so a query naming a topic keeps all its sections.
 */
export function searchHelp(topics: readonly HelpTopic[], query: string): HelpMatch[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return topics.map((topic) => ({ topic, sections: topic.sections }));
  return topics
    .map((topic) => ({
      topic,
      sections: topic.sections.filter((section) => {
        const text = sectionText(topic, section);
        return terms.every((term) => text.includes(term));
      }),
    }))
    .filter((match) => match.sections.length > 0);
}

function sectionText(topic: HelpTopic, section: HelpSection): string {
  return [topic.title, section.heading, ...section.paragraphs, ...(section.list ?? [])]
    .join('\n')
    .toLowerCase();
}
