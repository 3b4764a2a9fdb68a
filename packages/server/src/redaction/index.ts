export { passesIbanMod97, passesLuhn } from './checksums';
export { DETECTOR_IDS, type Detection, type DetectorId, findTerms, runDetectors, type TextSpan } from './detectors';
export {
  DEFAULT_REDACTION_PRESET,
  PRESET_DETECTORS,
  parseRedactionPreset,
  REDACTION_PRESETS,
  type RedactionPreset,
} from './presets';
