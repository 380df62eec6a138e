import { createContext, useContext } from 'react';

/** The CSP nonce of this response; set on the server, empty in the browser (which hides it anyway). */
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
