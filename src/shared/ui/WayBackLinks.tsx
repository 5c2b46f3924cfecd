import { useNavigate } from 'react-router';
import { Button } from './Button';
import type { WayBack } from './ErrorScreen';
import styles from './WayBackLinks.module.css';

/** Whether the app has a page of its own to go back to (React Router counts them in history.state). */
function hasPreviousPage(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
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
