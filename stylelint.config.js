/**
 * Stylelint: no raw colour outside the design tokens (ARCHITECTURE.md, "The look"). Components take
 * every colour from a custom property in src/shared/ui/tokens.css; only that file holds hex values,
 * colour functions and named colours. `transparent`, `currentColor` and `inherit` stay allowed.
 * Components are CSS Modules: a plain stylesheet may hold no class selector, except the three
 * global sheets of the design system (tokens, element defaults and utilities, toasts).
 * Other rules are off on purpose: add one only when it passes on the tree.
 */
const TOKENS = 'src/shared/ui/tokens.css';
const useToken = `use a colour token from ${TOKENS}, e.g. var(--color-danger)`;
const GLOBAL_SHEETS = [TOKENS, 'src/shared/ui/base.css', 'src/shared/ui/toasts.css'];

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
      // A class in a plain stylesheet is global: put it in a CSS Module beside its component.
      files: ['src/**/*.css'],
      rules: {
        'selector-max-class': [
          0,
          { message: 'Global class selector: style components with a CSS Module (X.module.css)' },
        ],
      },
    },
    {
      files: ['src/**/*.module.css', ...GLOBAL_SHEETS],
      rules: { 'selector-max-class': null },
    },
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
