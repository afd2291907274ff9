import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { pwaIcons } from './scripts/pwa-icons.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('web'),
  publicDir: here('web/public'),
  build: {
    outDir: here('web/dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // Two pages: the app, and the static login screen that paints before any framework loads.
    rolldownOptions: {
      input: { index: here('web/index.html'), login: here('web/login.html') },
    },
  },
  plugins: [
    react(),
    pwaIcons(here('web/icons/icon.svg')),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The page registers the worker itself and offers a reload when a new version waits.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        maximumFileSizeToCacheInBytes: 12 * 1024 * 1024,
      },
      manifest: {
        name: 'クリニック管理システム',
        short_name: 'クリニック管理',
        description: '鍼灸・女性の健康クリニックの顧客・来院・診断記録管理',
        lang: 'ja',
        start_url: '/pwa/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  test: {
    projects: [
      {
        test: {
          name: 'protocol',
          root: here('.'),
          include: ['sync-protocol/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: here('.'),
          include: ['api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'model',
          root: here('.'),
          include: ['tests/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: here('.'),
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: [here('web/src/test-setup.ts')],
        },
      },
      {
        test: {
          name: 'e2e',
          root: here('.'),
          include: ['web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: [here('web/e2e/global-setup.ts')],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
