// The display rules live once in the contract, shared with the mock server's history texts.
export {
  entityLabel,
  formatDate,
  formatDateTime,
  LEVEL_LABELS,
  personLabel,
} from '../../api/contract/display';
