/**
 * The seek-in-buffer library (seek-in-buffer.c, why it exists in its header), built with the server
 * and preloaded into every qpdf run (engine-preloads.ts).
 */
import { builtLibrary } from '../preload-library';

/** dist/seek-in-buffer.so, or undefined where it was not built: qpdf then runs as installed. */
export const seekInBufferLibrary = (): string | undefined => builtLibrary('seek-in-buffer.so');
