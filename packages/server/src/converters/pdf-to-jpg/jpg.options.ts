/**
 * The JPG options (Quality 1-100, default 95; Dpi 150, 300 or 600, default 150) are the core
 * catalogue's: its reading checks them and fills the defaults, so no range is written here again.
 */
import { type ParameterReading, readCatalogue, type SentParameters } from '../tool-parameters';

export interface JpgOptions {
  quality: number;
  dpi: number;
}

/** The catalogue's reading of Quality and Dpi, as numbers. */
export function readJpgOptions(sent: SentParameters): ParameterReading<JpgOptions> {
  const reading = readCatalogue('pdf-to-jpg', sent);
  if (!reading.ok) return reading;
  return { ok: true, params: { quality: Number(reading.params.Quality), dpi: Number(reading.params.Dpi) } };
}
