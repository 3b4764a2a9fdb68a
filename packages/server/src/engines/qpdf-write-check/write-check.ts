/** The write-check library (write-check.c, why it exists in its header), built with the server. */
import { builtLibrary } from '../preload-library';

/** dist/write-check.so, or undefined where it was not built: qpdf then runs as installed. */
export const writeCheckLibrary = (): string | undefined => builtLibrary('write-check.so');
