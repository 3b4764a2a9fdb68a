/**
 * The external link settings the footer, the landing's call to action and the teasers read: the
 * build's VITE_ variables, unless a test (or an embedding host) provides others.
 */
import { createContext, useContext } from 'react';
import { buildTimeLinkSettings, type LinkSettings } from './site.links';

const LinkSettingsContext = createContext<LinkSettings>(buildTimeLinkSettings);

export const LinkSettingsProvider = LinkSettingsContext.Provider;

export const useLinkSettings = (): LinkSettings => useContext(LinkSettingsContext);
