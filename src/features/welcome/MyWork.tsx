import { Link } from 'react-router';
import type { MyWorkGroup, MyWorkItem } from '../../api/contract/myWork';
import { formatDate } from '../../api/contract/display';
import { AsyncContent } from '../../shared/ui/AsyncContent';
import { Badge } from '../../shared/ui/Badge';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useGetMyWorkQuery } from './api';
import styles from './MyWork.module.css';

/**
 * "My work": what waits for the signed-in person, by group. A group's title opens its list page
 * filtered to exactly its records (approvals: `/approvals`, across projects), and its count is
 * the count that list shows; each record opens.
 */
export function MyWork() {
  // Fresh on every visit: answering a check or deciding a request elsewhere changes it.
  const query = useGetMyWorkQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className={styles.myWork} aria-labelledby="my-work-title">
      <h2 id="my-work-title">My work</h2>
      <AsyncContent
        query={query}
        loading={{ spinner: 'Loading your work…' }}
        failed="Your work could not be loaded"
        failedLevel={3}
        isEmpty={(work) => work.groups.length === 0}
        empty={
          <EmptyState as="p">
            Nothing waits for you: no check to answer or review, no risk, issue or action item of
            yours due, no checklist, approval or action request.
          </EmptyState>
        }
      >
        {(work) => (
          <ul className={styles.groups}>
            {work.groups.map((group, index) => (
              <WorkGroup key={group.path} group={group} id={`my-work-${index}`} />
            ))}
          </ul>
        )}
      </AsyncContent>
    </section>
  );
}

function WorkGroup({ group, id }: { group: MyWorkGroup; id: string }) {
  const more = group.count - group.items.length;
  const title = (
    <>
      {group.label}
      <span className="visually-hidden">: </span>
      <Badge tone="info" strong className={styles.count}>
        {group.count}
      </Badge>
    </>
  );
  return (
    <li className={styles.group}>
      <h3 id={id} className={styles.groupTitle}>
        <Link to={group.path}>{title}</Link>
      </h3>
      <ul className={styles.items}>
        {group.items.map((item) => (
          <WorkItem key={item.id} item={item} />
        ))}
      </ul>
      {more > 0 && (
        <Link to={group.path} className={styles.more}>
          {more} more <span className="visually-hidden">of {group.label.toLowerCase()}</span>
        </Link>
      )}
    </li>
  );
}

function WorkItem({ item }: { item: MyWorkItem }) {
  return (
    <li className={styles.item}>
      <Link to={item.path} className={styles.itemTitle}>
        {item.title}
      </Link>
      <span className={styles.detail}>
        {item.detail}
        {item.due_date && <> · Due {formatDate(item.due_date)}</>}
      </span>
      {item.overdue && <Badge tone="danger">Overdue</Badge>}
    </li>
  );
}
