import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sharedEntry = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
// The API the dev and preview servers proxy to (npm start serves on :8080 by default).
const apiTarget = process.env.OPS_API_URL ?? 'http://127.0.0.1:8080';

// Libraries every page needs go into stable vendor chunks (long-lived cache); everything a
// single page needs stays in that page's lazy chunk so the shell's first load stays small.
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/](react-router)[\\/]/.test(id)) return 'router';
  if (/[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/.test(id)) return 'query';
  if (/[\\/]node_modules[\\/](@codemirror|codemirror|@lezer)[\\/]/.test(id)) return 'codemirror';
  return undefined;
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@ops\/shared$/, replacement: sharedEntry },
      { find: /^@ops\/shared\/expr$/, replacement: sharedEntry.replace(/index\.ts$/, 'expr/index.ts') },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
