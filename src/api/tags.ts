import type { TagDescription } from '@reduxjs/toolkit/query';

/** Every cache tag of the SPA, declared once; `baseApi` takes them from here. */
export const TAG_TYPES = [
  'CurrentUser',
  'Banner',
  'ActionRequest',
  'Poll',
  'Driver',
  'Report',
  'Feedback',
  'Outcome',
  'Results',
  'Risk',
  'ActionItem',
  'RiskComment',
  'RiskHistory',
  'RiskDraft',
  'Duplicates',
  'Portfolio',
  'Project',
  'ProjectHistory',
  'Account',
  'AccountHistory',
  'BusinessLine',
  'BusinessSegment',
  'ProjectTeam',
  'ProjectContacts',
  'RaciMatrix',
  'RaciSnapshot',
  'Target',
  'Commitment',
  'ToolsRegister',
  'ProjectPlacement',
  'CaseStudy',
  'DexSetup',
  'Approvals',
  'Agreement',
  'MetricSubmission',
  'IsoAssessment',
  'ProjectAttributes',
  'ProfileValidation',
  'ProjectActionItem',
  'PlannerPeriod',
  'Planner',
  'StartPreview',
  'CalendarEvent',
  'Checklist',
  'Dashboard',
] as const;

export type TagType = (typeof TAG_TYPES)[number];
export type Tag = TagDescription<TagType>;

/** The id every list provides and every call that adds to or removes from a list invalidates. */
export const LIST_ID = 'LIST';

/** Every cached list of `type`, whatever its filters or parent. */
export const listTag = (type: TagType): Tag => ({ type, id: LIST_ID });

/** One thing of `type`: a row wherever a list shows it, and its own query. */
export const idTag = (type: TagType, id: number | string): Tag => ({ type, id });

/** What a list query provides: the list, and each of its rows by id. */
export function listTags(type: TagType, rows: readonly { id: number }[] | undefined): Tag[] {
  return [listTag(type), ...(rows ?? []).map((row) => idTag(type, row.id))];
}

/**
 * A mutation's `invalidatesTags` that invalidates nothing when the call failed: a refused change
 * left the server as it was, so the cache stays (metabase's `invalidateTags(error, …)`).
 */
export function invalidatesOnSuccess<Result, Arg>(
  tags: readonly Tag[] | ((arg: Arg, result: Result) => readonly Tag[]),
) {
  return (result: Result | undefined, error: unknown, arg: Arg): readonly Tag[] =>
    error ? [] : typeof tags === 'function' ? tags(arg, result as Result) : tags;
}
