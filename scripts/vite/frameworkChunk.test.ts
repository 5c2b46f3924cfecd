import { describe, expect, it } from 'vitest';
import { isFrameworkModule } from '../../vite.config';

const at = (path: string) => `/app/node_modules/${path}`;

describe('the framework chunk of the build', () => {
  it("takes the app's React, React Router and Redux Toolkit core, which every screen runs on", () => {
    expect(isFrameworkModule(at('react-dom/cjs/react-dom-client.production.js'))).toBe(true);
    expect(isFrameworkModule(at('react-router/dist/development/index.mjs'))).toBe(true);
    expect(isFrameworkModule(at('@reduxjs/toolkit/dist/redux-toolkit.modern.mjs'))).toBe(true);
    expect(isFrameworkModule(at('use-sync-external-store/with-selector.js'))).toBe(true);
  });

  it('leaves out what /login does not run: RTK Query, nested copies, the React 17 shims', () => {
    expect(isFrameworkModule(at('@reduxjs/toolkit/dist/query/rtk-query.modern.mjs'))).toBe(false);
    expect(
      isFrameworkModule(at('@reduxjs/toolkit/dist/query/react/rtk-query-react.modern.mjs')),
    ).toBe(false);
    expect(isFrameworkModule(at('recharts/node_modules/reselect/dist/reselect.mjs'))).toBe(false);
    expect(isFrameworkModule(at('use-sync-external-store/shim/index.js'))).toBe(false);
    expect(isFrameworkModule('/app/src/app/App.tsx')).toBe(false);
  });
});
