#!/usr/bin/env node
// `npm start`: builds what is stale, then runs the API (which migrates, seeds and serves the portal,
// the admin app and the widgets on one origin) and the realtime rooms (`wrangler dev`, rule 15) beside it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '8787';
const partyPort = process.env.PARTY_PORT ?? '1999';
// The second demo page, on another origin: a partner page on another origin.
const partnerPort = process.env.PARTNER_PORT ?? '8790';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** A front-end is rebuilt when its output is missing or older than its sources or the SDK's. */
function stale(pkg, output) {
  const out = join(root, pkg, 'dist', output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  const sources = [join(root, pkg), join(root, 'sdk/src'), join(root, 'widgets/src')];
  return sources.some((s) => newestMtime(s) > built);
}

for (const [pkg, output] of [
  ['widgets', 'v1/loader.js'],
  ['portal', 'index.html'],
  ['admin', 'index.html'],
]) {
  if (!stale(pkg, output)) continue;
  console.log(`Building ${pkg}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', pkg], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const children = [];
function run(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`${name} stopped (${signal ?? code}); stopping the rest.`);
    shutdown(typeof code === 'number' && code !== 0 ? code : 1);
  });
  children.push(child);
  return child;
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  partner.close();
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  void Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('realtime server', process.execPath, [join(root, 'party/scripts/dev.mjs')], {
  PARTY_PORT: partyPort,
  API_URL: `http://127.0.0.1:${port}`,
});
run('API server', process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  PORT: port,
  PARTY_PORT: partyPort,
  PARTNER_PORT: partnerPort,
});

// A partner's page on its own origin: the demo page itself, its scripts (the loader, the page's
// own) loaded from `publicUrl`, so the loader and the API are cross-origin there.
const partnerPage = readFileSync(join(root, 'widgets/demo/index.html'), 'utf8')
  .replace('<title>Partner page —', '<title>Partner page on another origin —')
  .replaceAll(' src="/widgets/', ` src="${new URL(publicUrl).origin}/widgets/`);
const partner = createServer((req, res) => {
  if (req.url !== '/' && !req.url?.startsWith('/?')) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(partnerPage);
});
partner.on('error', (error) => console.error(`partner demo page: ${error.message}`));
partner.listen(Number(partnerPort), '127.0.0.1');

// Once the API answers, say where everything is.
const deadline = Date.now() + 120_000;
async function announce() {
  while (Date.now() < deadline && !shuttingDown) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) {
        console.log(`
  Franchise Meet is running at ${publicUrl}
    portal         ${publicUrl}/
    admin          ${publicUrl}/control-panel
    widgets        ${publicUrl}/widgets/v1/loader.js  (demo page: ${publicUrl}/widgets/demo.html)
    partner demo   http://localhost:${partnerPort}/  (the widgets on another origin, embed key pk_demo_franchise_meet_local_0001)
    API health     ${publicUrl}/api/health
    realtime       http://localhost:${partyPort}

  Demo sign-ins (password Demo-Pass-2025!):
    franchisor@example.com   consultant@example.com   admin@example.com
`);
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
void announce();
