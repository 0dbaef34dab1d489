/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { endpointRoutes } from './endpoint-routes.ts';
import { precompress } from './precompress.ts';
import { routeChunks } from './route-chunks.ts';

export default defineConfig({
  plugins: [react(), endpointRoutes(), routeChunks(), precompress()],
  resolve: { conditions: ['source'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  build: {
    // bench/web-bundle.ts reads the chunk graph from the manifest
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // with react: react-is and clsx, which antd needs on every screen. A group takes its modules'
            // dependencies, so as recharts' they went to the charts group, and every screen loaded
            // the charts' 106 KB gzipped (bench/web-bundle.ts, issue 19)
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-is|scheduler|react-router|clsx)[\\/]/,
              priority: 30,
            },
            { name: 'ag-grid', test: /node_modules[\\/]ag-grid-/, priority: 20 },
            { name: 'charts', test: /node_modules[\\/](recharts|d3-|victory)/, priority: 20 },
          ],
        },
      },
    },
  },
  // antd dialogs in jsdom take seconds when CI runs the browser suite beside these on 2 cores
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', '*.test.ts'], testTimeout: 30_000 },
});
