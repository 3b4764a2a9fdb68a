/** LibreOffice through a warm python3-uno bridge: a small pool of hardened instances. */
export type { BridgeAnswer, BridgeRequest } from './office-instance';
export {
  canIsolateNetwork,
  configureLibreOffice,
  currentOfficePool,
  getOfficePool,
  OfficePool,
  type OfficePoolOptions,
  shutdownLibreOffice,
} from './office-pool';
export { createHardenedProfile, HARDENED_SETTINGS, registryXml } from './profile';
