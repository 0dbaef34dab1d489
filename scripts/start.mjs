#!/usr/bin/env node
// `npm start`: build only when the sources changed since the last build, quietly, then run the server.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(root, 'apps/server/dist/.build-stamp');
const INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'packages/domain/tsconfig.build.json',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.build.json',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
];
const OUTPUTS = ['packages/domain/dist', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];

/** One hash over every input file's path, size and modification time (content is not read: fast). */
function sourceHash() {
  const h = createHash('sha256');
  const visit = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    const st = fs.statSync(abs);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) {
        if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        visit(path.join(rel, name));
      }
    } else h.update(`${rel}\0${st.size}\0${st.mtimeMs}\n`);
  };
  for (const rel of INPUTS) visit(rel);
  return h.digest('hex');
}

const started = Date.now();
const hash = sourceHash();
const built = OUTPUTS.every((p) => fs.existsSync(path.join(root, p)));
const stamp = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
if (built && stamp === hash) {
  console.log('Sources unchanged since the last build: starting the server.');
} else {
  process.stdout.write('Building (sources changed since the last build)... ');
  const run = (cwd, cmd, args) =>
    execFileSync(cmd, args, { cwd: path.join(root, cwd), stdio: ['ignore', 'ignore', 'inherit'] });
  const bin = (pkg, name) => path.join(root, 'node_modules', pkg, 'bin', name);
  run('packages/domain', process.execPath, [bin('typescript', 'tsc'), '-p', 'tsconfig.build.json']);
  run('apps/server', process.execPath, [bin('typescript', 'tsc'), '-p', 'tsconfig.build.json']);
  run('apps/web', process.execPath, [bin('vite', 'vite.js'), 'build', '--logLevel', 'warn']);
  fs.writeFileSync(STAMP, `${sourceHash()}\n`);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
