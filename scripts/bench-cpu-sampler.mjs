// The CPU time of the processes a Lighthouse run's trace cannot see (decision 0024, round 40): the site's server,
// the bench's own node process (Lighthouse runs in it), this sampler, and the machine as a whole (every other
// process on it, and the time the virtual machine's cores were taken by the host: steal). A child process reads
// /proc every few milliseconds, apart from the bench's event loop (which Lighthouse keeps busy), and keeps the
// cumulative figures with their time on the clock Chromium's traces use (CLOCK_MONOTONIC: Node's hrtime on Linux),
// so the CPU each used during a trace's task is the difference of two interpolated samples.
// The processes' figures are each thread's run time from /proc/<pid>/task/<tid>/schedstat (nanoseconds); the
// machine's are /proc/stat's clock ticks (10 ms each on this kernel, summed over the cores), so the machine's share
// of one short task is coarse and is meant to be summed over many tasks. Linux only; elsewhere it returns nothing.
import { fork } from 'node:child_process';
import { closeSync, openSync, readSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

const INTERVAL_MS = 10;
const TICK_MS = 10;
const KEEP_SAMPLES = 60_000; // ten minutes

/**
 * Starts the sampler for `pids` ({ name: pid }). `between(fromUs, toUs)` (trace microseconds) answers the CPU
 * milliseconds each name used between the two instants, and the machine's `busy` and `steal` milliseconds.
 */
export async function startCpuSampler(pids) {
  if (process.platform !== 'linux') return null;
  const child = fork(new URL(import.meta.url), ['--sample', JSON.stringify(pids)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
  });
  const request = (message) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(message);
    });
  return {
    /** The samples between two instants (trace microseconds), for `cpuBetween`. */
    samples: (fromUs, toUs) => request({ fromUs, toUs }),
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    },
  };
}

/** Each name's CPU milliseconds between two instants, interpolated linearly between the samples around them. */
export function cpuBetween(samples, fromUs, toUs) {
  if (!samples || samples.length < 2) return null;
  const at = (t) => {
    let i = samples.findIndex((s) => s.t >= t);
    if (i === -1) i = samples.length - 1;
    if (i === 0) i = 1;
    const [a, b] = [samples[i - 1], samples[i]];
    const f = b.t === a.t ? 1 : Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t)));
    return Object.fromEntries(Object.keys(b.cpu).map((k) => [k, a.cpu[k] + (b.cpu[k] - a.cpu[k]) * f]));
  };
  const [from, to] = [at(fromUs), at(toUs)];
  return Object.fromEntries(Object.keys(to).map((k) => [k, Math.max(0, to[k] - from[k])]));
}

// Each file stays open and is read again from its start (a /proc file is made anew on each read): half the calls.
const files = new Map();
const buffer = Buffer.alloc(256);
function readNumbers(file) {
  try {
    let fd = files.get(file);
    if (fd === undefined) files.set(file, (fd = openSync(file, 'r')));
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.toString('latin1', 0, length).trim().split(/\s+/).map(Number);
  } catch {
    forget(file);
    return null;
  }
}
function forget(file) {
  const fd = files.get(file);
  files.delete(file);
  if (fd !== undefined) closeSync(fd);
}

/** The child: sample every INTERVAL_MS until killed; answer a window's samples when asked. */
function sample(pids) {
  pids.sampler = process.pid;
  const threads = new Map(); // name → Map(tid → last run time in ns)
  const totals = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  let machine = null;
  const machineTotals = { busy: 0, steal: 0 };
  let listedAt = 0;
  const samples = [];
  const tick = () => {
    const now = Date.now();
    if (now - listedAt > 200) {
      listedAt = now;
      for (const [name, pid] of Object.entries(pids)) {
        let tids = [];
        try {
          tids = readdirSync(`/proc/${pid}/task`);
        } catch {
          /* gone */
        }
        const known = threads.get(name) ?? new Map();
        for (const tid of tids) if (!known.has(tid)) known.set(tid, null);
        for (const tid of known.keys())
          if (!tids.includes(tid)) {
            known.delete(tid);
            forget(`/proc/${pid}/task/${tid}/schedstat`);
          }
        threads.set(name, known);
      }
    }
    for (const [name, known] of threads) {
      const pid = pids[name];
      for (const [tid, last] of known) {
        const ns = readNumbers(`/proc/${pid}/task/${tid}/schedstat`)?.[0];
        if (ns === undefined) continue;
        if (last !== null) totals[name] += (ns - last) / 1e6;
        known.set(tid, ns);
      }
    }
    // /proc/stat's first line: user nice system idle iowait irq softirq steal (ticks, all cores).
    const cpu = readNumbers('/proc/stat').slice(1);
    const busy = cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6];
    if (machine) {
      machineTotals.busy += (busy - machine.busy) * TICK_MS;
      machineTotals.steal += (cpu[7] - machine.steal) * TICK_MS;
    }
    machine = { busy, steal: cpu[7] };
    samples.push({ t: Number(process.hrtime.bigint() / 1000n), cpu: { ...totals, ...machineTotals } });
    if (samples.length > KEEP_SAMPLES) samples.splice(0, samples.length - KEEP_SAMPLES);
  };
  tick();
  setInterval(tick, INTERVAL_MS);
  process.on('message', ({ fromUs, toUs }) => {
    const first = Math.max(0, samples.findIndex((s) => s.t >= fromUs) - 1);
    let last = samples.findIndex((s) => s.t > toUs);
    if (last === -1) last = samples.length - 1;
    process.send(samples.slice(first, last + 1));
  });
  // The bench ended (or was stopped) without closing the sampler: end with it.
  process.on('disconnect', () => process.exit(0));
  process.send('ready');
}

if (process.argv[2] === '--sample') {
  // The sampler costs a few per cent of a core (its own row shows how much); at the lowest priority it waits while
  // the page's threads, the server and Lighthouse want the cores, and its next sample is later (the figures are
  // cumulative, so nothing is lost but resolution).
  setPriority(19);
  sample(JSON.parse(process.argv[3]));
}
