import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import { idTag, invalidatesOnSuccess, listTag, listTags } from '../../api/tags';
import type {
  AuditOutcome,
  AuditOutcomeRequest,
  Driver,
  DriverDetail,
  IndicatorFeedback,
  IndicatorFeedbackRequest,
  Poll,
  PollResults,
  Reply,
  ReplyRequest,
  ReportDecision,
  ReportInfo,
  SummaryPatch,
  SupervisorComment,
  SupervisorCommentRequest,
} from '../../api/contract/polls';
import { checksApi } from '../checks/api';

export interface SaveReplyArgs extends ReplyRequest {
  pollId: number;
  driverId: number;
  questionId: number;
}

export const surveyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/polls/{id}/drivers/`. */
    getDrivers: build.query<Driver[], number>({
      query: (pollId) => `/api/polls/${pollId}/drivers/`,
      providesTags: (drivers) => listTags('Driver', drivers),
    }),
    /** `GET /api/polls/{id}/drivers/{driverId}/`. */
    getDriver: build.query<DriverDetail, { pollId: number; driverId: number }>({
      query: ({ pollId, driverId }) => `/api/polls/${pollId}/drivers/${driverId}/`,
      providesTags: (_driver, _error, { driverId }) => [idTag('Driver', driverId)],
    }),
    /**
     * `PUT /api/polls/{pollId}/questions/{questionId}/reply/` with the fields the user changed,
     * optimistic: the answer shows at once and counts at once; a failure rolls back (the error
     * toast says why). The server's whole reply then shows, with what another tab saved.
     */
    saveReply: build.mutation<Reply, SaveReplyArgs>({
      query: ({ pollId, questionId, answer, comment }) => ({
        url: `/api/polls/${pollId}/questions/${questionId}/reply/`,
        method: 'PUT',
        body: {
          ...(answer !== undefined && { answer }),
          ...(comment !== undefined && { comment }),
        },
      }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const { pollId, driverId, questionId, answer, comment } = args;
        const patches = patchReply(dispatch, { pollId, driverId, questionId }, { answer, comment });
        try {
          const { data } = await queryFulfilled;
          patchReply(
            dispatch,
            { pollId, driverId, questionId },
            { id: data.replyId, answer: data.answer, comment: data.comment },
          );
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
    /** `PATCH /api/polls/{id}/summary/` by section key; answers the poll. */
    patchSummary: build.mutation<Poll, { pollId: number; patch: SummaryPatch }>({
      query: ({ pollId, patch }) => ({
        url: `/api/polls/${pollId}/summary/`,
        method: 'PATCH',
        body: patch,
      }),
      async onQueryStarted({ pollId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(checksApi.util.upsertQueryData('getPoll', pollId, data));
        } catch {
          // the error toast tells; the text stays in the field
        }
      },
    }),
    /** `POST /api/polls/{id}/submit/`; failures keep their message on screen, no toast. */
    submitPoll: build.mutation<Poll, number>({
      query: (pollId) => ({ url: `/api/polls/${pollId}/submit/`, method: 'POST', body: {} }),
      extraOptions: { silent: true },
      invalidatesTags: invalidatesOnSuccess((pollId) => [
        idTag('Poll', pollId),
        listTag('Poll'),
        idTag('Results', pollId),
      ]),
    }),
    getFeedback: build.query<IndicatorFeedback[], number>({
      query: (pollId) => ({ url: `/api/feedback/polls/${pollId}/`, params: { type: 'survey' } }),
      providesTags: (items) => listTags('Feedback', items),
    }),
    sendFeedback: build.mutation<IndicatorFeedback, { pollId: number } & IndicatorFeedbackRequest>({
      query: ({ pollId, ...body }) => ({
        url: `/api/feedback/polls/${pollId}/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess([listTag('Feedback')]),
      onQueryStarted: logFailure(() => 'Sending the survey feedback'),
    }),
    /** `POST /api/polls/{id}/review/`: send the audit report for supervisor review. */
    sendForReview: build.mutation<Poll, number>({
      query: (pollId) => ({ url: `/api/polls/${pollId}/review/`, method: 'POST', body: {} }),
      // Confirmed in a dialog, which keeps the refusal for another try: no toast.
      extraOptions: { silent: true },
      invalidatesTags: invalidatesOnSuccess(reportTags),
      onQueryStarted: logFailure(() => 'Sending the audit report for review'),
    }),
    /** `GET /api/polls/{id}/report/`. */
    getReport: build.query<ReportInfo, number>({
      query: (pollId) => `/api/polls/${pollId}/report/`,
      providesTags: (_report, _error, pollId) => [idTag('Report', pollId)],
    }),
    /** `PUT /api/polls/{id}/report/`: approve (review_completed) or return (expert). */
    decideReport: build.mutation<ReportInfo, { pollId: number } & ReportDecision>({
      query: ({ pollId, status }) => ({
        url: `/api/polls/${pollId}/report/`,
        method: 'PUT',
        body: { status },
      }),
      extraOptions: { silent: true },
      // An approved audit's corrective actions become its project's action items.
      invalidatesTags: invalidatesOnSuccess(({ pollId }) => [
        ...reportTags(pollId),
        listTag('ProjectActionItem'),
      ]),
      onQueryStarted: logFailure(({ status }) =>
        status === 'expert' ? 'Returning the report' : 'Approving the report',
      ),
    }),
    addSupervisorComment: build.mutation<
      SupervisorComment,
      { pollId: number } & SupervisorCommentRequest
    >({
      query: ({ pollId, ...body }) => ({
        url: `/api/polls/${pollId}/report/comments/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess(({ pollId }) => [idTag('Report', pollId)]),
    }),
    editSupervisorComment: build.mutation<
      SupervisorComment,
      { pollId: number; commentId: number; text: string }
    >({
      query: ({ pollId, commentId, text }) => ({
        url: `/api/polls/${pollId}/report/comments/${commentId}/`,
        method: 'PATCH',
        body: { text },
      }),
      invalidatesTags: invalidatesOnSuccess(({ pollId }) => [idTag('Report', pollId)]),
    }),
    deleteSupervisorComment: build.mutation<null, { pollId: number; commentId: number }>({
      query: ({ pollId, commentId }) => ({
        url: `/api/polls/${pollId}/report/comments/${commentId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(({ pollId }) => [idTag('Report', pollId)]),
    }),
    getResults: build.query<PollResults, number>({
      query: (pollId) => `/api/polls/${pollId}/results/`,
      providesTags: (_results, _error, pollId) => [idTag('Results', pollId)],
    }),
    getOutcomes: build.query<AuditOutcome[], number>({
      query: (pollId) => `/api/polls/${pollId}/outcomes/`,
      providesTags: (outcomes) => listTags('Outcome', outcomes),
    }),
    addOutcome: build.mutation<AuditOutcome, { pollId: number } & AuditOutcomeRequest>({
      query: ({ pollId, ...body }) => ({
        url: `/api/polls/${pollId}/outcomes/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: invalidatesOnSuccess([listTag('Outcome')]),
    }),
    deleteOutcome: build.mutation<null, { pollId: number; outcomeId: number }>({
      query: ({ pollId, outcomeId }) => ({
        url: `/api/polls/${pollId}/outcomes/${outcomeId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: invalidatesOnSuccess(({ outcomeId }) => [
        listTag('Outcome'),
        idTag('Outcome', outcomeId),
      ]),
    }),
  }),
});

/** A step of the report flow: the poll (its status), the checks list and the report refresh. */
function reportTags(pollId: number) {
  return [idTag('Poll', pollId), listTag('Poll'), idTag('Report', pollId)];
}

/**
 * Spec §8: a failed feedback, review, approve or return is logged to the console, here and only
 * here; the error toast middleware has already told the user.
 */
function logFailure<Arg>(what: (arg: Arg) => string) {
  return async (arg: Arg, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
    try {
      await queryFulfilled;
    } catch (failure) {
      console.error(`${what(arg)} failed`, (failure as { error?: unknown }).error);
    }
  };
}

const isAnswered = (reply: { answer: string | null } | null) =>
  reply !== null && reply.answer !== null;

/** How a reply changes the count of answered questions. */
function countDelta(wasAnswered: boolean, answer: string | null): number {
  const nowAnswered = answer !== null;
  return nowAnswered === wasAnswered ? 0 : nowAnswered ? 1 : -1;
}

/** A cache patch, to undo when the server refuses the change. */
interface Undoable {
  undo: () => void;
}

/**
 * Writes a reply's changed fields into the cached driver, and counts a question answered or no
 * longer answered in the driver, the drivers list and the poll. Answers the patches to undo.
 */
function patchReply(
  dispatch: (action: ThunkAction<Undoable, never, unknown, UnknownAction>) => Undoable,
  { pollId, driverId, questionId }: { pollId: number; driverId: number; questionId: number },
  change: { id?: number; answer?: string | null; comment?: string },
) {
  let delta = 0;
  const driverPatch = dispatch(
    surveyApi.util.updateQueryData('getDriver', { pollId, driverId }, (driver) => {
      const question = driver.questions.find((candidate) => candidate.id === questionId);
      if (!question) return;
      const before = question.user_reply;
      const answer = change.answer === undefined ? (before?.answer ?? null) : change.answer;
      delta = countDelta(isAnswered(before), answer);
      question.user_reply = {
        id: change.id ?? before?.id ?? 0,
        reply_count: before?.reply_count ?? 0,
        answer,
        comment: change.comment ?? before?.comment ?? '',
      };
      driver.reply_count += delta;
    }),
  );
  if (delta === 0) return [driverPatch];
  const listPatch = dispatch(
    surveyApi.util.updateQueryData('getDrivers', pollId, (drivers) => {
      const driver = drivers.find((candidate) => candidate.id === driverId);
      if (driver) driver.reply_count += delta;
    }),
  );
  const pollPatch = dispatch(
    checksApi.util.updateQueryData('getPoll', pollId, (poll) => {
      poll.reply_count += delta;
    }),
  );
  return [driverPatch, listPatch, pollPatch];
}

export const {
  useGetDriversQuery,
  useGetDriverQuery,
  useSaveReplyMutation,
  usePatchSummaryMutation,
  useSubmitPollMutation,
  useGetFeedbackQuery,
  useSendFeedbackMutation,
  useSendForReviewMutation,
  useGetReportQuery,
  useLazyGetReportQuery,
  useDecideReportMutation,
  useAddSupervisorCommentMutation,
  useEditSupervisorCommentMutation,
  useDeleteSupervisorCommentMutation,
  useGetResultsQuery,
  useGetOutcomesQuery,
  useAddOutcomeMutation,
  useDeleteOutcomeMutation,
} = surveyApi;
