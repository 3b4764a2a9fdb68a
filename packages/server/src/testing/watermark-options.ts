/** One watermark's options in full, for tests and benches that stamp a file in a worker. */
import type { WatermarkOptions } from '../engines/stamp-watermark';

export const CONFIDENTIAL_WATERMARK: WatermarkOptions = {
  text: 'CONFIDENTIAL',
  horizontal: 'center',
  vertical: 'center',
  opacity: 0.3,
  fontSize: 24,
  rotate: 45,
  mode: 'filltext',
  fontColor: [0, 0, 0],
  strokeColor: [0, 0, 0],
};
