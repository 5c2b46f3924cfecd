/** Django REST Framework conventions shared by every endpoint. */

/** A page of a paginated list (`PageNumberPagination`). */
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `{detail: "…"}`, optionally with simplejwt's `code`. */
export interface DrfDetailError {
  detail: string;
  code?: string;
}

/**
 * `{field: ["message", …]}`; nested serializers nest the same shape (`{data: {action: [...]}}`);
 * `non_field_errors` holds errors of the whole body.
 */
export interface DrfFieldErrors {
  [field: string]: string[] | DrfFieldErrors;
}

export type DrfError = DrfDetailError | DrfFieldErrors;
