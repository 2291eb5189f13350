// `react-router <command>` (build, typegen), with one line of its output printed once instead of once per Vite start:
// React Router 7's tool starts Vite several times with `envFile: false` (about nine for a build, three for the
// types), which Vite 8 calls deprecated ("The `envFile` option is deprecated"). The notice is about React Router's
// code, changes nothing, and goes with React Router 8 (Node 22).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const NOTICE = 'The `envFile` option is deprecated';
let noticed = false;
const child = spawn('react-router', process.argv.slice(2), {
  stdio: ['inherit', 'pipe', 'pipe'],
  shell: process.platform === 'win32',
});

for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (line.includes(NOTICE)) {
      if (noticed) return;
      noticed = true;
      line += ' (React Router 7 with Vite 8; printed once, harmless)';
    }
    to.write(line + '\n');
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
