import { describe, expect, it } from 'vitest';
import { routePreloadTags, type ChunkInfo } from '../../vite.config';

const chunk = (fileName: string, imports: string[], extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  imports,
  isEntry: false,
  ...extra,
});

/** An entry with the framework, and a lazy login chunk sharing the framework and a helper. */
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/framework.js'], {
    isEntry: true,
    facadeModuleId: '/app/index.html',
    viteMetadata: { importedCss: new Set(['assets/index.css']) },
  }),
  'assets/framework.js': chunk('assets/framework.js', []),
  'assets/LoginPage.js': chunk('assets/LoginPage.js', ['assets/framework.js', 'assets/signOn.js'], {
    facadeModuleId: '/app/src/features/auth/LoginPage.tsx',
    viteMetadata: { importedCss: new Set(['assets/index.css', 'assets/LoginPage.css']) },
  }),
  'assets/signOn.js': chunk('assets/signOn.js', ['assets/framework.js']),
  'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
};

describe('preloadRouteChunks', () => {
  it('preloads the route chunk and what it imports, except what the entry already loads', () => {
    const tags = routePreloadTags(bundle, ['src/features/auth/LoginPage.tsx'], {
      root: '/app',
      base: '/static/',
    });
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: 'modulepreload', crossorigin: true, href: '/static/assets/LoginPage.js' },
      { rel: 'modulepreload', crossorigin: true, href: '/static/assets/signOn.js' },
      // Its own CSS is fetched early but blocks nothing.
      { rel: 'preload', as: 'style', crossorigin: true, href: '/static/assets/LoginPage.css' },
    ]);
    expect(tags.every((tag) => tag.tag === 'link' && tag.injectTo === 'head')).toBe(true);
  });

  it('fails the build when no chunk is built from a named module', () => {
    expect(() =>
      routePreloadTags(bundle, ['src/features/auth/Gone.tsx'], { root: '/app', base: '/' }),
    ).toThrow('no chunk is built from src/features/auth/Gone.tsx');
  });
});
