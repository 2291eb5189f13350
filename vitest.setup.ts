// Every Vitest test fails when it makes something call console.error, as the browser tests do: an error
// nobody asserted is one nobody saw. The message is still printed.
import { afterEach, beforeEach, vi } from 'vitest';

let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    const lines = logged.map((args) => args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
    throw new Error(`console.error was called during the test:\n${lines.join('\n')}`);
  }
});
