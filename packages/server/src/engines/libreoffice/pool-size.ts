/**
 * How many warm LibreOffice instances a pool of size 'auto' keeps: one per LibreOffice job the queue
 * runs at once (its engine concurrency, from the machine's cores), so no job waits for an instance
 * while another sits idle, and no more than a share of the machine's memory holds. One instance
 * (soffice.bin and its python bridge) measured 150-250 MB resident after a few documents here;
 * MEMORY_SHARE leaves the rest to the server, the other engines and the page cache.
 */
const INSTANCE_BYTES = 250 * 1024 * 1024;
const MEMORY_SHARE = 0.25;

export function officePoolSize(jobsAtOnce: number, totalMemoryBytes: number): number {
  const memoryHolds = Math.floor((totalMemoryBytes * MEMORY_SHARE) / INSTANCE_BYTES);
  return Math.max(1, Math.min(Math.floor(jobsAtOnce), memoryHolds));
}
