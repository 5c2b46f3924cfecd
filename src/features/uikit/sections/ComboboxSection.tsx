import { useState } from 'react';
import { Combobox, searchStatus } from '../../../shared/ui/Combobox';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

interface SampleProject {
  id: number;
  name: string;
}

const PROJECTS: SampleProject[] = [
  'Apollo Portal',
  'Atlas Billing',
  'Aurora Mobile',
  'Beacon Analytics',
  'Borealis CRM',
  'Cascade Payments',
  'Cobalt Intranet',
  'Delta Logistics',
  'Ember Learning',
  'Falcon Identity',
  'Granite Ledger',
  'Handmade Ball panel',
  'Harbor Booking',
  'Helix Research',
  'Horizon Search',
  'Iris Imaging',
  'Juniper HR',
  'Kestrel Fleet',
  'Lumen Energy',
  'Meridian Travel',
].map((name, index) => ({ id: index + 1, name }));

const NOUN: [string, string] = ['project', 'projects'];

/** Combobox: a search with suggestions, in its three states. */
export function ComboboxSection() {
  const [text, setText] = useState('');
  const [project, setProject] = useState<SampleProject | null>(null);
  const typed = text.trim().toLowerCase();
  const options = project
    ? []
    : PROJECTS.filter((option) => option.name.toLowerCase().includes(typed));
  return (
    <Section
      id="combobox"
      title="Combobox"
      intro="A text box with suggestions (Downshift): typing opens the list, the arrows move through it and keep the highlighted option in view, Enter picks, Escape closes the list only. A polite line says what the search is doing."
    >
      <div className={styles.samples}>
        <div className={styles.wide}>
          <Combobox
            id="uikit-project"
            label="Project, with results"
            text={text}
            onTextChange={(next) => {
              setText(next);
              setProject(null);
            }}
            options={options}
            optionKey={(option) => option.id}
            optionLabel={(option) => option.name}
            onSelect={(option) => {
              setText(option.name);
              setProject(option);
            }}
            status={searchStatus({
              text,
              searching: project === null,
              isFetching: false,
              isError: false,
              found: options.length,
              noun: NOUN,
              minLength: 0,
            })}
            placeholder="Type or press the down arrow"
          />
        </div>
        <div className={styles.wide}>
          <Combobox<SampleProject>
            id="uikit-project-none"
            label="Project, no results"
            text="Zebra"
            onTextChange={() => undefined}
            options={[]}
            optionKey={(option) => option.id}
            optionLabel={(option) => option.name}
            onSelect={() => undefined}
            status={searchStatus({
              text: 'Zebra',
              searching: true,
              isFetching: false,
              isError: false,
              found: 0,
              noun: NOUN,
            })}
          />
        </div>
        <div className={styles.wide}>
          <Combobox<SampleProject>
            id="uikit-project-loading"
            label="Project, loading"
            text="Apo"
            onTextChange={() => undefined}
            options={[]}
            optionKey={(option) => option.id}
            optionLabel={(option) => option.name}
            onSelect={() => undefined}
            status={searchStatus({
              text: 'Apo',
              searching: true,
              isFetching: true,
              isError: false,
              found: undefined,
              noun: NOUN,
            })}
          />
        </div>
      </div>
      <Sample label="Chosen">
        <output aria-live="polite">{project ? project.name : 'No project chosen'}</output>
      </Sample>
    </Section>
  );
}
