import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Element selectors for `boundaries/dependencies`. */
const to = (type, extra = {}) => ({ to: { element: { type, ...extra } } });

/**
 * The zones (STYLE.md §6, bulletproof-react's `import/no-restricted-paths`): shared → features →
 * app. The contract imports only itself; shared imports no api, feature or app; api imports no
 * feature or app; a feature reaches another feature only through its `api.ts`, its `embed.ts` (the screens it
 * lends to others) and the shell's `areas.ts`, and `app/` only through `app/hooks`; servers and tooling see only the contract and
 * src/testing of the SPA. *
 * Inside `features/projects`, each tab folder (`projectsTab`: agreements/, tools/, tabs/, …) is a
 * zone of its own: it imports the contract, shared/, the RTK base layer of src/api (its slice is an
 * `injectEndpoints` on it) and its own folder; of the rest of the card only the projects API slice
 * (`projects/api.ts`), the card's tab contract (`card/cardTab.ts`: the props and paths of a tab),
 * the card's attachments list (`files/AttachedFiles.tsx`) and another tab's `api.ts` or `embed.ts`
 * (what it lends, as the Overview's glances); of other features, as any feature, their `api.ts`
 * and `embed.ts`. The card's own folders (`projectsCard`: card/, files/, portfolio/) compose
 * the tabs.
 */
function zones({ testsMayUseTesting, areaTooling = false }) {
  const from = (type) => ({ element: { type } });
  // What a file of the project card reaches outside the projects feature, as any feature does.
  const outsideOfTab = [
    to('contract'),
    to('api'),
    to('shared'),
    to('app', { internalPath: 'hooks.ts' }),
    to('feature', { internalPath: 'api.ts' }),
    to('feature', { internalPath: 'embed.ts' }),
    to('feature', { captured: { feature: 'shell' }, internalPath: 'areas.ts' }),
  ];
  return {
    default: 'disallow',
    message:
      'Outside the zones: {{ from.element.type }} code may not import this {{ to.element.type }} file (eslint.config.js).',
    policies: [
      { from: from('contract'), allow: [to('contract')] },
      {
        from: from('shared'),
        allow: [to('shared'), to('contract'), ...(testsMayUseTesting ? [to('testing')] : [])],
      },
      {
        from: from('api'),
        allow: [
          to('api'),
          to('contract'),
          to('shared'),
          // The base query's tests drive it through real endpoints of a few features.
          ...(testsMayUseTesting ? [to('testing'), to('feature', { internalPath: 'api.ts' })] : []),
        ],
      },
      {
        from: from('feature'),
        allow: [
          to('contract'),
          to('api'),
          to('shared'),
          to('app', { internalPath: 'hooks.ts' }),
          to('feature', { captured: { feature: '{{ from.element.captured.feature }}' } }),
          to('feature', { internalPath: 'api.ts' }),
          // The screens a feature lends to another (the risk list inside the project card).
          to('feature', { internalPath: 'embed.ts' }),
          to('feature', { captured: { feature: 'shell' }, internalPath: 'areas.ts' }),
          ...(testsMayUseTesting ? [to('testing')] : []),
        ],
      },
      // The projects feature's own files (api.ts, embed.ts) and the card compose the tabs.
      {
        from: { element: { type: 'feature', captured: { feature: 'projects' } } },
        allow: [to('projectsTab'), to('projectsCard')],
      },
      {
        from: from('projectsCard'),
        allow: [
          ...outsideOfTab,
          to('feature', { captured: { feature: 'projects' } }),
          to('projectsCard'),
          to('projectsTab'),
          ...(testsMayUseTesting ? [to('testing')] : []),
        ],
      },
      {
        from: from('projectsTab'),
        allow: [
          ...outsideOfTab,
          to('projectsTab', { captured: { tab: '{{ from.element.captured.tab }}' } }),
          to('feature', { captured: { feature: 'projects' }, internalPath: 'api.ts' }),
          to('projectsCard', { captured: { folder: 'card' }, internalPath: 'cardTab.ts' }),
          to('projectsCard', { captured: { folder: 'files' }, internalPath: 'AttachedFiles.tsx' }),
          to('projectsTab', { internalPath: 'api.ts' }),
          to('projectsTab', { internalPath: 'embed.ts' }),
          ...(testsMayUseTesting ? [to('testing')] : []),
        ],
      },
      {
        from: from('app'),
        allow: [
          ...['app', 'feature', 'projectsCard', 'projectsTab', 'api', 'contract', 'shared'].map(
            (type) => to(type),
          ),
          ...(testsMayUseTesting ? [to('testing')] : []),
        ],
      },
      {
        from: from('testing'),
        allow: [
          'testing',
          'app',
          'feature',
          'projectsCard',
          'projectsTab',
          'api',
          'contract',
          'shared',
          'fixtures',
        ].map((type) => to(type)),
      },
      {
        // The unit tests' mock backend runs the mock's areas behind its edge (src/testing/mockBackend.ts).
        from: { element: { type: 'testing', fileInternalPath: 'mockBackend.ts' } },
        allow: ['tooling', 'mockShared'].map((type) => to(type)),
      },
      {
        from: from('tooling'),
        allow: [
          ...['tooling', 'contract', 'testing', 'fixtures', 'mockShared', 'mockArea'].map((type) =>
            to(type),
          ),
        ],
      },
      {
        // The store's shape is every area's slice; the edge's helpers predate the areas.
        from: from('mockShared'),
        allow: ['mockShared', 'contract', 'fixtures', 'mockArea', 'tooling'].map((type) =>
          to(type),
        ),
      },
      {
        // An area's handlers and rules: shared code (lib, store, auth), the contract, fixtures and
        // the areas; never the app, the edge or the tooling.
        from: from('mockArea'),
        allow: [
          to('mockShared'),
          to('contract'),
          to('fixtures'),
          // Another area's rules only: no-restricted-imports below refuses its routes and the rest.
          to('mockArea'),
          // Its tests, seed and pact states also use the app, the test kit and the pact tooling.
          ...(areaTooling ? [to('tooling'), to('testing')] : []),
        ],
      },
    ],
  };
}

/**
 * Lint gates: the import zones above, jsx-a11y on the markup, the typed react-redux hooks; import
 * cycles are dpdm's job (`npm run lint:cycles`), proven by scripts/lint/lint.test.ts. dpdm runs
 * without `--transform`, so type-only imports count: the mock's loop through `MockState` was one,
 * and a module layering that holds for values should hold for types too.
 */
export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-static-demo',
      'node_modules',
      'pacts',
      '.mock-data',
      '.e2e-data',
      'test-results',
      'playwright-report',
      // Code that must fail the lint; scripts/lint/lint.test.ts lints it at chosen paths.
      'scripts/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch and useAppSelector from src/app/hooks.ts.',
            },
            {
              name: 'zod',
              message:
                "Use `z` from src/shared/ui/form/zod.ts: it runs zod jitless, as the production CSP (no 'unsafe-eval') needs.",
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // One clock for "today" (src/shared/lib/today.ts): the user's local calendar date. A slice of
    // toISOString() is the UTC date (or month), a day off around midnight outside UTC.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/lib/today.ts', 'src/api/contract/calendarDays.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(slice|substring|substr|split)$/][callee.object.callee.property.name='toISOString']",
          message:
            'toISOString() is the UTC date: take today from src/shared/lib/today.ts (todayIso, isOverdue, daysUntil), or calendar arithmetic from src/api/contract/calendarDays.ts.',
        },
      ],
    },
  },
  {
    // A mock area's handlers and rules (mock-server/README.md): no Express (the same handlers run in
    // the browser), and of another area only its rules, never its routes, seed, pact states or tests.
    files: ['mock-server/areas/*/*.ts'],
    ignores: [
      'mock-server/areas/*/*.test.ts',
      'mock-server/areas/*/testing.ts',
      'mock-server/areas/*/pactStates.ts',
      'mock-server/areas/*/*{seed,Seed}*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'express',
              message:
                'An area answers a MockRequest with a MockAnswer (lib/http.ts); lib/express.ts adapts it.',
            },
          ],
          patterns: [
            {
              group: [
                '../*/routes',
                '../*/*Routes',
                '../*/pactStates',
                '../*/seed*',
                '../*/testing',
                '../*/*.test',
              ],
              message:
                'Of another area, import only its rules (model, state, access…): never its routes, seed, pact states or tests.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one module that imports zod itself, to configure it.
    files: ['src/shared/ui/form/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Zones by eslint-plugin-boundaries rather than `no-restricted-imports`: it classifies the
    // *resolved* file of every import, so `../../checks/labels` from `risks/detail/` is caught at
    // any depth, where a specifier pattern only sees the text and needs one regex per depth.
    files: ['src/**/*.{ts,tsx}', 'mock-server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/include': ['src/**', 'mock-server/**', 'scripts/**', 'e2e/**', 'fixtures/**'],
      'boundaries/elements': [
        { type: 'contract', pattern: 'src/api/contract/**', partialMatch: false },
        { type: 'api', pattern: 'src/api/**', partialMatch: false },
        { type: 'shared', pattern: 'src/shared/**', partialMatch: false },
        { type: 'testing', pattern: 'src/testing/**', partialMatch: false },
        { type: 'app', pattern: 'src/app' },
        // The project card's folders before the features: the first element that matches wins.
        {
          type: 'projectsCard',
          pattern: 'src/features/projects/(card|files|portfolio)',
          capture: ['folder'],
        },
        { type: 'projectsTab', pattern: 'src/features/projects/*', capture: ['tab'] },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        // The mock backend's areas (one folder each) and what they share (lib, store, auth).
        {
          type: 'mockArea',
          pattern: 'mock-server/areas/*/**',
          capture: ['area'],
          partialMatch: false,
        },
        {
          type: 'mockShared',
          pattern: ['mock-server/lib/**', 'mock-server/store/**', 'mock-server/auth/**'],
          partialMatch: false,
        },
        {
          type: 'tooling',
          pattern: ['mock-server/**', 'scripts/**', 'e2e/**'],
          partialMatch: false,
        },
        { type: 'fixtures', pattern: 'fixtures/**', partialMatch: false },
      ],
    },
    rules: { 'boundaries/dependencies': ['error', zones({ testsMayUseTesting: false })] },
  },
  {
    // A mock area's tests, seed and pact states drive the whole app and the pact tooling.
    files: [
      'mock-server/areas/*/*.test.ts',
      'mock-server/areas/*/testing.ts',
      'mock-server/areas/*/pactStates.ts',
      'mock-server/areas/*/*{seed,Seed}*.ts',
      'mock-server/areas/risks/commentUpload.ts',
    ],
    rules: {
      'boundaries/dependencies': ['error', zones({ testsMayUseTesting: false, areaTooling: true })],
    },
  },
  {
    // Tests and their helpers beside the code also use the shared test kit in src/testing.
    files: ['src/**/*.test.{ts,tsx}', 'src/features/**/*{t,T}esting.{ts,tsx}'],
    rules: { 'boundaries/dependencies': ['error', zones({ testsMayUseTesting: true })] },
  },
  {
    // Accessibility of the markup we write (jsx-a11y's fork that runs on ESLint 10).
    files: ['src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A scrolling table region takes the focus so that keyboard users can scroll it (WCAG 2.1.1,
      // axe `scrollable-region-focusable`); a named `region` landmark is what it focuses.
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
