import { Badge } from '../../../shared/ui/Badge';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

/** Badges: a status or a count beside a link or a label. */
export function BadgesSection() {
  return (
    <Section
      id="badges"
      title="Badges"
      intro="A short status or a count beside a link or a label, read with it. The tone says what it means; a strong badge is for what waits on the user."
    >
      <div className={styles.samples}>
        <Sample label="Tones">
          <Badge>Closed</Badge>
          <Badge tone="info">Open</Badge>
          <Badge tone="success">Completed</Badge>
          <Badge tone="warning">Due soon</Badge>
          <Badge tone="danger">Overdue</Badge>
        </Sample>
        <Sample label="Count">
          <span>
            Checklists{' '}
            <Badge tone="info" strong>
              99+
            </Badge>
          </span>
        </Sample>
        <Sample label="Alert count">
          <span>
            Actions{' '}
            <Badge tone="danger" strong>
              3
            </Badge>
          </span>
        </Sample>
      </div>
    </Section>
  );
}
