import { CHECK_INDEX_MESSAGES } from '../../api/contract/polls';
import { FILE_ERROR } from '../../api/contract/risks';

/**
 * The only texts the contract pins exactly in answers: those the spec fixes and the SPA shows
 * verbatim, and DRF's and simplejwt's standard texts. Every other text of an answer is matched by
 * type (or echoes what the request sent). `npm run pact:catalogue` lists where each one is used.
 */
export interface PinnedText {
  /** The text, or a pattern (for DRF's texts that name a value). */
  text: string | RegExp;
  source: string;
}

export const PINNED_TEXTS: readonly PinnedText[] = [
  { text: FILE_ERROR, source: 'spec §5 and §8: the file error' },
  { text: CHECK_INDEX_MESSAGES.required, source: 'spec §5: check index' },
  { text: CHECK_INDEX_MESSAGES.tooLong, source: 'spec §5: check index' },
  { text: CHECK_INDEX_MESSAGES.pattern, source: 'spec §5: check index' },
  { text: 'Not found.', source: 'DRF: NotFound' },
  { text: 'You do not have permission to perform this action.', source: 'DRF: PermissionDenied' },
  { text: 'Authentication credentials were not provided.', source: 'DRF: NotAuthenticated' },
  { text: 'Invalid page.', source: 'DRF: PageNumberPagination' },
  { text: 'This field is required.', source: 'DRF: a required field' },
  { text: 'This field may not be null.', source: 'DRF: a field that is not nullable' },
  { text: 'This field may not be blank.', source: 'DRF: a blank CharField' },
  { text: 'A valid integer is required.', source: 'DRF: IntegerField' },
  { text: /^"[^"]*" is not a valid choice\.$/, source: 'DRF: ChoiceField' },
  { text: /^Method "[A-Z]+" not allowed\.$/, source: 'DRF: MethodNotAllowed' },
  {
    text: 'Given token not valid for any token type',
    source: 'simplejwt: an invalid access token',
  },
  { text: 'Token is invalid or expired', source: 'simplejwt: an invalid refresh token' },
  { text: 'token_not_valid', source: 'simplejwt: the error code of an invalid token' },
];

/** The pinned text `text` is, if any. */
export const pinnedTextOf = (text: string): PinnedText | undefined =>
  PINNED_TEXTS.find((pinned) =>
    typeof pinned.text === 'string' ? pinned.text === text : pinned.text.test(text),
  );
