export { passesIbanMod97, passesLuhn } from './checksums';
export {
  DETECTOR_IDS,
  type Detection,
  type DetectorId,
  findLooselyLabelledNumbers,
  findTerms,
  findWholeWords,
  runDetectors,
  type TextSpan,
} from './detectors';
export {
  DEFAULT_REDACTION_PRESET,
  PRESET_DETECTORS,
  parseRedactionPreset,
  REDACTION_PRESET_NAMES,
  type RedactionPreset,
} from './presets';
export {
  findLiteralTerms,
  findPatterns,
  PatternTimeoutError,
  parseUserTerms,
  type UserTerms,
  userTermProblems,
} from './user-terms';
