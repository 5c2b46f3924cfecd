import { useNavigate } from 'react-router';
import { Button } from './Button';
import styles from './WayBackLinks.module.css';

/** A way out of a not-found state, to the list the missing thing belongs to. */
export interface WayBack {
  to: string;
  label: string;
}

/** Whether the tab has a page to go back to (a link opened in a new tab has none). */
function hasPreviousPage(): boolean {
  return window.history.length > 1;
}

/** The ways out of a page that cannot show what was asked: a named place, and the page before. */
export function WayBackLinks({ to }: { to: WayBack }) {
  const navigate = useNavigate();
  return (
    <p className={styles.ways}>
      <Button to={to.to} variant="primary">
        {to.label}
      </Button>
      {hasPreviousPage() && (
        <Button type="button" onClick={() => void navigate(-1)}>
          Back to the previous page
        </Button>
      )}
    </p>
  );
}
