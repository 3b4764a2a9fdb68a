/** The answer bodies of the wire contract, written once in @docstudio/core and shared with the SDK. */
export type { ConversionAnswerBody, ResultFileBody } from '@docstudio/core';
