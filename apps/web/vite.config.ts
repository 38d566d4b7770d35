import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The footer's developer credit links to VITE_DEVELOPER_URL when it is set at build time; a value
// that is not an http(s) or mailto: address stops the build instead of shipping a broken link.
const developerUrl = process.env.VITE_DEVELOPER_URL;
if (developerUrl && !/^(https?:\/\/[^\s]+|mailto:[^\s]+)$/.test(developerUrl)) {
  throw new Error(`VITE_DEVELOPER_URL must be an https://, http:// or mailto: address, not "${developerUrl}"`);
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The installable app: manifest, and the service worker of src/sw.ts (registered by
    // lib/service-worker.ts; a new version waits for the user's reload).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: '在庫・製造管理',
        short_name: '在庫管理',
        description: '部品在庫・製造・発注・販売をまとめて管理',
        lang: 'ja',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f9fafb',
        theme_color: '#2563eb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: scripts, styles, index.html and icons. The scanner's WebAssembly reader (1 MB)
        // is fetched by the scan screen when it needs it, not by every install.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.wasm'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The bundle test (src/app/bundle-size.test.ts) reads which chunk imports which from it.
    manifest: true,
  },
});
