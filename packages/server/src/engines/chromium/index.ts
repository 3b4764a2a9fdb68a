/** Chromium through playwright-core: one warm browser, a fresh context and guarded network per job. */
export {
  browserJobsInFlight,
  browserStopped,
  CHROMIUM_ARGS,
  chromiumProblem,
  configureChromium,
  getBrowser,
  relaunchAfterFailure,
  shutdownChromium,
} from './chromium-browser';
export { type RenderOptions, renderHtmlToPdf, renderUrlToPdf } from './render-pdf';
