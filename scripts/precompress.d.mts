import type { Plugin } from 'vite';

/** Writes name.gz and name.br beside every compressible file of at least 1 KiB under `dir`; returns how many. */
export function precompressFolder(dir: string): Promise<number>;
/** Runs precompressFolder on the build's output folder when the build is written. */
export function precompressPlugin(): Plugin;
