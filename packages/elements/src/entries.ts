/** Build entries: one for all elements (more join as the tools are published as elements). */
export function elementEntries(packageDir: string): Record<string, string> {
  return { index: `${packageDir}/src/index.ts` };
}
