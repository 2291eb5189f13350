// `npx tsx scripts/measure-proof-of-work.ts`: how long the browser's solver takes for the worst case of
// the server's maxnumber, in Node (V8, like Chromium). A phone is taken as 4x slower.
import { randomBytes } from 'node:crypto';
import { sha256Hex, solveChallenge } from '../packages/contract/src/proof-of-work.ts';
import { CHALLENGE_MAXNUMBER } from '../apps/api/src/services/challenge.ts';

const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(Date.now() / 1000) + 600}&`;
// The last number is the worst case: every try is made.
const challenge = sha256Hex(`${salt}${CHALLENGE_MAXNUMBER}`);
const runs: number[] = [];
for (let run = 0; run < 5; run++) {
  // CPU time rather than wall time: on a busy machine it still tells what one idle core would take.
  const started = process.cpuUsage();
  if (solveChallenge({ challenge, salt, maxnumber: CHALLENGE_MAXNUMBER }) !== CHALLENGE_MAXNUMBER) {
    throw new Error('solver disagrees');
  }
  const used = process.cpuUsage(started);
  runs.push((used.user + used.system) / 1000);
}
const best = Math.min(...runs);
console.log(
  `maxnumber ${CHALLENGE_MAXNUMBER}: worst case ${best.toFixed(0)} ms of CPU here (best of 5; ${Math.round(
    CHALLENGE_MAXNUMBER / (best / 1000),
  ).toLocaleString('en')} hashes/s), ~${((best * 4) / 1000).toFixed(2)} s on a 4x slower phone`,
);
