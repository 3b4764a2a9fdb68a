/**
 * The Prometheus text GET /metrics would answer now (an idle queue), for tests of the engine pools
 * that check what an operator sees, such as docstudio_engine_restarts_total, without a server.
 */
import { MetricsRegistry } from '../http/metrics';

export const metricsText = (): string =>
  new MetricsRegistry().render({ running: 0, waiting: 0, perEngine: {} });
