import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json';

// electron-vite picks its Node and Chrome targets from the installed Electron. Where the optional package could
// not install (no binary could be downloaded), build for the Electron major that package.json asks for.
try {
  createRequire(__filename).resolve('electron/package.json');
} catch {
  process.env.ELECTRON_MAJOR_VER ??= /\d+/.exec(pkg.optionalDependencies.electron)?.[0];
}

// The folders are named src-main, src-preload and src-renderer, so every input is explicit.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Published as ES modules only (no `require` entry): bundled, as the main bundle is CommonJS.
      externalizeDeps: { exclude: ['@modelcontextprotocol/ext-tasks'] },
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron`: the window link's client (and zod, which the command
      // table is written in) are bundled into it.
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: { input: { index: resolve(__dirname, 'src-preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias: { '@contract': resolve(__dirname, 'src-main/contract.ts') } },
    plugins: [react()],
    // Module classes as written (styles['tl-entry'], for names built from data) and in camelCase (styles.tlEntry).
    css: { modules: { localsConvention: 'camelCase' } },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Browser mode sends this over the wire and every window parses it: a third of the size, and faster to start.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
