import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Spec §9: static assets are served from /static/.
export default defineConfig({
  base: '/static/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
  },
});
