import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../../build/precompress';
import { hook, tempRoot } from '../support/build/plugin-hooks';

// The server sends a file's .br or .gz copy as it is (src/server/http/web.ts): every copy must be the
// file's bytes, and smaller.
describe('precompress', () => {
  const script = `export const names = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `groundnut shell ${i}`))};\n`;
  const written = () => {
    const root = tempRoot();
    const out = join(root, 'dist', 'web');
    mkdirSync(join(out, 'assets', 'admin'), { recursive: true });
    writeFileSync(join(out, 'index.html'), `<!doctype html><html><body>${'<p>Krishi</p>'.repeat(40)}</body></html>`);
    writeFileSync(join(out, 'assets', 'admin', 'users-Ab12.js'), script);
    // Compressible, but under 256 bytes: no copies.
    writeFileSync(join(out, 'assets', 'tiny-Cd34.js'), `export const rule = "${'-'.repeat(200)}";`);
    writeFileSync(join(out, 'icon-192.png'), Buffer.alloc(4096, 7));
    // Random bytes do not shrink: no copy is worth keeping.
    writeFileSync(join(out, 'assets', 'noise-Ef56.txt'), randomBytes(4096));
    const plugin = precompress();
    hook(plugin, 'configResolved').call({}, { root, build: { outDir: 'dist/web' } });
    hook(plugin, 'closeBundle').call({});
    return out;
  };

  it('runs last, after the service worker is written, and in the production build only', () => {
    const plugin = precompress();
    expect(plugin.apply).toBe('build');
    expect(plugin.closeBundle).toMatchObject({ order: 'post', sequential: true });
  });

  it('writes a brotli and a gzip copy beside each text file, in subfolders too, holding the same bytes', () => {
    const out = written();
    for (const file of ['index.html', 'assets/admin/users-Ab12.js']) {
      const raw = readFileSync(join(out, file));
      const br = readFileSync(join(out, `${file}.br`));
      const gz = readFileSync(join(out, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(raw)).toBe(true);
      expect(gunzipSync(gz).equals(raw)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
  });

  it('skips images, files under 256 bytes and copies that would not be smaller', () => {
    const out = written();
    expect(readdirSync(out).sort()).toEqual(['assets', 'icon-192.png', 'index.html', 'index.html.br', 'index.html.gz']);
    expect(readdirSync(join(out, 'assets')).sort()).toEqual(['admin', 'noise-Ef56.txt', 'tiny-Cd34.js']);
  });
});
