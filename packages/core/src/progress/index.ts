export {
  createProgressTicker,
  InvalidProgressCadenceError,
  type ProgressState,
  type ProgressTicker,
  type ProgressTimers,
} from './progress.ticker';
