import { useState } from 'react';
import { Tabs, type TabItem } from '../../../shared/ui/Tabs';
import { Section } from '../Section';

type SampleTab = 'overview' | 'activity' | 'settings';

const TABS: TabItem<SampleTab>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'activity', label: 'Activity', badge: '(3)' },
  { id: 'settings', label: 'Settings' },
];

const PANELS: Record<SampleTab, string> = {
  overview: 'What the record is, at a glance.',
  activity: 'Three things happened since yesterday.',
  settings: 'Who may see and change the record.',
};

/** Tabs: sections of one record; the caller may keep the tab in the URL. */
export function TabsSection() {
  const [tab, setTab] = useState<SampleTab>('overview');
  return (
    <Section
      id="tabs"
      title="Tabs"
      intro="Sections of one record. One tab stop; the arrow keys, Home and End move and select; a count goes after the label. The risk detail keeps its tab in the URL (?tab=)."
    >
      <Tabs label="Sample sections" tabs={TABS} selected={tab} onSelect={setTab}>
        <p>{PANELS[tab]}</p>
      </Tabs>
    </Section>
  );
}
