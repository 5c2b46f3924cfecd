import { Plus } from 'lucide-react';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

/** Page header: the title row of a page. */
export function PageHeaderSection() {
  return (
    <Section
      id="page-header"
      title="Page header"
      intro="The way to the page (a breadcrumb of the pages above it), the page's title (its h1; shown here at a lower level), a line under it, and the page's actions on the right. On a phone the actions wrap under the title."
    >
      <div className={styles.stack}>
        <Sample label="Title and actions">
          <PageHeader
            level={3}
            title="Checks"
            actions={
              <>
                <Button variant="primary" icon={Plus}>
                  Configure new check
                </Button>
                <Button>Models</Button>
              </>
            }
          />
        </Sample>
        <Sample label="With a breadcrumb and a subtitle">
          <PageHeader
            level={3}
            breadcrumb={[
              { label: 'Home', to: '/' },
              { label: 'Risks and issues', to: '/risks' },
            ]}
            title="Supplier delays hold the rollout"
            subtitle={
              <>
                Risk R-0042 · <Badge tone="info">Open</Badge>
              </>
            }
            actions={<Button>Export</Button>}
          />
        </Sample>
      </div>
    </Section>
  );
}
