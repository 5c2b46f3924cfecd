import { FilePlus2, Printer } from 'lucide-react';
import { useState } from 'react';
import {
  CASE_STUDY_EDIT_FLAG,
  CASE_STUDY_STATE_LABELS,
  type CaseStudy,
} from '../../../api/contract/caseStudy';
import { formatDate } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { cardPath, type CardTabProps } from '../card/cardTab';
import { ButtonRow, Stack, Toolbar } from '../../../shared/ui/Layout';
import { useGetCaseStudyQuery, useMoveCaseStudyMutation } from './api';
import { CaseStudyDocument } from './CaseStudyDocument';
import { CaseStudyForm, MOVED } from './CaseStudyForm';

/** The printable page of a project's case study (outside the app's shell). */
export const caseStudyPrintPath = (projectId: number) =>
  `${cardPath(projectId, 'case-study')}/print`;

/**
 * The Case study tab: the project's one case study. An editor (CAN_EDIT_CASE_STUDY) writes it in
 * the tab's form while it is a draft or in review; a published one, and everyone else's view,
 * is the document, with its printable page. Without one yet: "No case study yet", and a start
 * for an editor.
 */
export default function CaseStudyTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, refetch } = useGetCaseStudyQuery(project.id);
  const mayEdit = permissions.includes(CASE_STUDY_EDIT_FLAG);
  const [starting, setStarting] = useState(false);
  const printPath = caseStudyPrintPath(project.id);

  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ spinner: 'Loading the case study…' }}
      failed="The case study could not be loaded"
      failedLevel={3}
    >
      {(data) => {
        if (mayEdit && (data ? data.state !== 'published' : starting))
          return (
            <CaseStudyForm
              // The same form from the start to the first save; a new one (with the stored defaults)
              // after each move.
              key={data?.state ?? 'draft'}
              projectId={project.id}
              study={data ?? null}
              printPath={printPath}
            />
          );
        if (!data)
          return (
            <EmptyState
              titleLevel={3}
              title="No case study yet"
              actions={
                mayEdit ? (
                  <Button variant="primary" icon={FilePlus2} onClick={() => setStarting(true)}>
                    Start a case study
                  </Button>
                ) : undefined
              }
            >
              <p>
                The project’s story for clients and colleagues: the challenge, the approach, the
                results and the lessons learned, with the client’s quote and permission to publish.
              </p>
            </EmptyState>
          );
        return (
          <CaseStudyView
            projectId={project.id}
            study={data}
            mayEdit={mayEdit}
            printPath={printPath}
          />
        );
      }}
    </AsyncContent>
  );
}

/** The document with its state, for a reader, or for an editor once it is published. */
function CaseStudyView({
  projectId,
  study,
  mayEdit,
  printPath,
}: {
  projectId: number;
  study: CaseStudy;
  mayEdit: boolean;
  printPath: string;
}) {
  const [move, moving] = useMoveCaseStudyMutation();
  const backToDraft = async () => {
    try {
      await move({ projectId, state: 'draft' }).unwrap();
      notify.success(MOVED.draft);
    } catch {
      notify.warning('The case study could not be moved back to draft. Please try again.');
    }
  };
  return (
    <Stack>
      <Toolbar>
        <p>
          <Badge tone={study.state === 'published' ? 'success' : 'neutral'}>
            {CASE_STUDY_STATE_LABELS[study.state]}
          </Badge>{' '}
          {study.state === 'published' && study.published_at
            ? `Published ${formatDate(study.published_at)}`
            : `Last changed ${formatDate(study.updated_at)}`}
          {!mayEdit && ' · read-only for you'}
        </p>
        <ButtonRow>
          {mayEdit && (
            <Button type="button" busy={moving.isLoading} onClick={() => void backToDraft()}>
              Back to draft
            </Button>
          )}
          <Button to={printPath} icon={Printer}>
            Printable view
          </Button>
        </ButtonRow>
      </Toolbar>
      {mayEdit && (
        <p className="muted">A published case study is changed after moving it back to draft.</p>
      )}
      <CaseStudyDocument study={study} level={3} />
    </Stack>
  );
}
