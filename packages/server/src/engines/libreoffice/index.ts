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
  warmLibreOffice,
} from './office-pool';
export { officePoolSize } from './pool-size';
export { createHardenedProfile, HARDENED_SETTINGS, registryXml } from './profile';
