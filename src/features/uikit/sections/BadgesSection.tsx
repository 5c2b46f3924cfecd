import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

/** Badges: a count beside a link or a label. */
export function BadgesSection() {
  return (
    <Section
      id="badges"
      title="Badges"
      intro="A count beside a link or a label, read with it. Alert badges are for what waits on the user."
    >
      <div className={styles.samples}>
        <Sample label="Count">
          <span>
            Checklists <span className="badge">99+</span>
          </span>
        </Sample>
        <Sample label="Alert">
          <span>
            Actions <span className="badge badge-alert">3</span>
          </span>
        </Sample>
      </div>
    </Section>
  );
}
