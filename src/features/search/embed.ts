/** What the search lends to the shell: its dialog, opened from the header (and Ctrl/⌘+K). */
export { SearchDialog } from './SearchDialog';
