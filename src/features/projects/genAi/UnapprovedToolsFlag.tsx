import { Link } from 'react-router';
import { cardPath } from '../card/cardTab';
import { useGetGenAiUsageQuery } from './api';
import styles from './genAi.module.css';

/** "and" before the last of a list: 'A', 'A and B', 'A, B and C'. */
const joined = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.slice(-1).join('')}`;

/**
 * The flag of a project using a Gen AI tool without a valid approval, naming the tools; nothing
 * once every tool in use is covered (or while the tools load). On the Overview, with a link to the
 * tab unless `linked` is false.
 */
export function UnapprovedToolsFlag({
  projectId,
  linked = false,
}: {
  projectId: number;
  linked?: boolean;
}) {
  const { data, isError } = useGetGenAiUsageQuery(projectId);
  if (isError)
    return (
      <p className="muted">Whether the project’s Gen AI tools are approved could not be checked.</p>
    );
  if (!data || data.unapproved_tools.length === 0) return null;
  const tools = data.unapproved_tools;
  return (
    <div className={styles.flag} role="note" aria-label="Gen AI approvals">
      <p>
        <strong>Uses a Gen AI tool without a valid approval:</strong> {joined(tools)}.
      </p>
      {linked && (
        <p>
          <Link to={cardPath(projectId, 'gen-ai-approvals')}>Open the Gen AI approvals</Link>
        </p>
      )}
    </div>
  );
}
