import { createContext, useContext } from 'react';

/** The inlined stylesheet; provided by entry.server, empty in the browser (the DOM already has it). */
const InlineCssContext = createContext('');
export const InlineCssProvider = InlineCssContext.Provider;
export const useInlineCss = () => useContext(InlineCssContext);
