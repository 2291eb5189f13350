// The particle animation itself (components/ui/particles.tsx): tsParticles and the options, fetched only
// when a page is idle on a screen that gets the animation.
import type { Engine } from '@tsparticles/engine';

let engineReady: Promise<Engine> | undefined;

/** Loads the engine and the basic bundle once per page, however many <Particles /> there are. */
function loadEngine(): Promise<Engine> {
  engineReady ??= Promise.all([import('@tsparticles/engine'), import('@tsparticles/basic')]).then(
    async ([{ tsParticles }, { loadBasic }]) => {
      await loadBasic(tsParticles);
      return tsParticles;
    },
  );
  return engineReady;
}

/** Starts the animation in `element`; resolves to its container (to destroy), or undefined. */
export async function startParticles(
  element: HTMLElement,
  color: string,
  density: number,
): Promise<{ destroy: () => void } | undefined> {
  const engine = await loadEngine();
  return engine.load({
    element,
    options: {
      fullScreen: { enable: false },
      detectRetina: true,
      fpsLimit: 30,
      particles: {
        number: { value: density, density: { enable: true, width: 1000, height: 600 } },
        color: { value: color },
        opacity: { value: { min: 0.15, max: 0.45 } },
        size: { value: { min: 1, max: 3 } },
        move: { enable: true, speed: 0.6, outModes: { default: 'out' } },
      },
    },
  });
}
