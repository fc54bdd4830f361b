import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { useTestDatabase } from './database';

// npm start serves the composed product from the API's process: the shell, each remote under
// /remotes/<name>/ and /remotes.json, with caching that never serves a stale manifest.

const database = useTestDatabase();
let app: App;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tour-frontend-'));
const shellDir = path.join(root, 'shell');
const accountingDir = path.join(root, 'accounting');

beforeAll(async () => {
  fs.mkdirSync(shellDir);
  fs.mkdirSync(accountingDir);
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(shellDir, 'main.0123456789ab.js'), 'console.log(1)');
  fs.writeFileSync(path.join(accountingDir, 'mf-manifest.json'), '{"name":"accounting"}');
  fs.writeFileSync(path.join(accountingDir, 'remoteEntry.0123456789ab.js'), 'var a');
  fs.writeFileSync(path.join(accountingDir, '42.abcdefabcdef.js'), 'var b');
  app = await buildApp({
    db: database().db,
    frontend: {
      shellDir,
      remoteDirs: { accounting: accountingDir },
      remoteUrls: { reports: 'https://cdn.example/reports/mf-manifest.json' },
    },
  });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });
const NEVER_STALE = 'no-cache, no-store, must-revalidate';

describe('front end served by the API', () => {
  it('answers every page path with the shell, never cached', async () => {
    for (const url of ['/', '/login', '/admin/users', '/admin/booking/11-2026/hotels?x=1']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe(NEVER_STALE);
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    }
  });

  it('lists the remotes in /remotes.json, never cached', async () => {
    const response = await get('/remotes.json');
    expect(response.json()).toEqual({
      accounting: '/remotes/accounting/mf-manifest.json',
      reports: 'https://cdn.example/reports/mf-manifest.json',
    });
    expect(response.headers['cache-control']).toBe(NEVER_STALE);
  });

  it('lets scripts of remotes hosted elsewhere run', async () => {
    const response = await get('/');
    expect(response.headers['content-security-policy']).toContain('https://cdn.example');
  });

  it('keeps hashed chunks for a year and revalidates manifests and remote entries', async () => {
    const chunk = await get('/remotes/accounting/42.abcdefabcdef.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/main.0123456789ab.js')).headers['cache-control']).toMatch(/immutable/);
    const manifest = await get('/remotes/accounting/mf-manifest.json');
    expect(manifest.json()).toEqual({ name: 'accounting' });
    expect(manifest.headers['cache-control']).toBe(NEVER_STALE);
    const entry = await get('/remotes/accounting/remoteEntry.0123456789ab.js');
    expect(entry.headers['cache-control']).toBe(NEVER_STALE);
  });

  it('answers a missing file and an unknown API path with 404, not the shell', async () => {
    expect((await get('/remotes/accounting/missing.js')).statusCode).toBe(404);
    expect((await get('/missing.0123456789ab.js')).statusCode).toBe(404);
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 0, message: 'Не найдено' });
  });

  it('sets no session cookie on static files', async () => {
    const response = await get('/remotes/accounting/42.abcdefabcdef.js');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
