/** The SSRF guard: first URLs, server-side downloads and the browser's proxy. */
export { type AddressVerdict, checkAddress, isIpLiteral } from './address-policy';
export {
  type FetchRemoteOptions,
  fetchRemoteFile,
  pinnedLookup,
  type RemoteFile,
  sanitiseFileName,
} from './fetch-remote';
export {
  type FilteringProxy,
  type FilteringProxyOptions,
  type ProxyTenant,
  type SharedFilteringProxy,
  startFilteringProxy,
  startSharedFilteringProxy,
} from './filtering-proxy';
export {
  assertPublicUrl,
  type PinnedTarget,
  parsePublicUrlSyntax,
  policyFromEnv,
  resolvePublicHost,
  resolvePublicUrl,
  SsrfBlockedError,
  type SsrfPolicy,
} from './url-policy';
