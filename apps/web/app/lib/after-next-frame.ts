// Work a tap starts but does not show (fetching, compiling) waits until the frame that shows its answer is drawn.

/** Runs `task` once the next frame is drawn (its animation callbacks, then a task after them). */
export const afterNextFrame = (task: () => void) => requestAnimationFrame(() => window.setTimeout(task, 0));
