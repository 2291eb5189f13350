// What the server hands our loaders (implemented by the API, described by the contract).
import type { WebLoadContext } from '@agency/contract';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
