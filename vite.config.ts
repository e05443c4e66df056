import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './scripts/vite-precompress.ts';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), precompressAssets()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
