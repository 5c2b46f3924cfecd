/**
 * Stylelint: no raw colour outside the design tokens (ARCHITECTURE.md, "The look"). Components take
 * every colour from a custom property in src/shared/ui/tokens.css; only that file holds hex values,
 * colour functions and named colours. `transparent`, `currentColor` and `inherit` stay allowed.
 * Other rules are off on purpose: add one only when it passes on the tree.
 */
const TOKENS = 'src/shared/ui/tokens.css';
const useToken = `use a colour token from ${TOKENS}, e.g. var(--color-danger)`;

/** @type {import('stylelint').Config} */
export default {
  reportNeedlessDisables: true,
  reportInvalidScopeDisables: true,
  rules: {
    'color-no-hex': [true, { message: (hex) => `Unexpected hex colour "${hex}": ${useToken}` }],
    'color-named': [
      'never',
      { message: (name) => `Unexpected named colour "${name}": ${useToken}` },
    ],
    'function-disallowed-list': [
      ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'],
      { message: (fn) => `Unexpected colour function "${fn}": ${useToken}` },
    ],
    'color-no-invalid-hex': true,
  },
  overrides: [
    {
      files: [TOKENS],
      rules: {
        'color-no-hex': null,
        'color-named': null,
        'function-disallowed-list': null,
      },
    },
  ],
};
