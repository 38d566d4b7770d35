import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The footer's developer credit links to VITE_DEVELOPER_URL when it is set at build time; a value
// that is not an http(s) or mailto: address stops the build instead of shipping a broken link.
const developerUrl = process.env.VITE_DEVELOPER_URL;
if (developerUrl && !/^(https?:\/\/[^\s]+|mailto:[^\s]+)$/.test(developerUrl)) {
  throw new Error(`VITE_DEVELOPER_URL must be an https://, http:// or mailto: address, not "${developerUrl}"`);
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
