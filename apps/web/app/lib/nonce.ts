// The CSP nonce of the page being rendered on the server (WebLoadContext.nonce): the server's own inline scripts carry
// it. In the browser (and when prerendering, where the policy lists the scripts' hashes) there is none.
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
