/** The exit-after-write library (exit-after-write.c, why it exists in its header), built with the server. */
import { builtLibrary } from '../preload-library';

/** dist/exit-after-write.so, or undefined where it was not built: qpdf then ends as installed. */
export const exitAfterWriteLibrary = (): string | undefined => builtLibrary('exit-after-write.so');
