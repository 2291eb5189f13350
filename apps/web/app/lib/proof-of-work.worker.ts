// Finds the number behind a proof-of-work challenge off the main thread, so typing never stutters.
import { type Challenge, solveChallenge } from '@agency/contract';

self.onmessage = (event: MessageEvent<Challenge>) => {
  self.postMessage(solveChallenge(event.data));
};
