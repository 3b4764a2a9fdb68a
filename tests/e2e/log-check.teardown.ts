/**
 * Playwright global teardown: after the whole end-to-end run, the server's log (SERVER_LOG, the
 * webServer's output) is searched for every token, email, password, file name and document text the
 * tests sent (support/log-markers.ts), raw and URL-encoded. One found fails the run, naming the kind
 * and the log line's number. A log without request lines fails too: logging off would pass anything.
 */
import { existsSync, readFileSync } from 'node:fs';
import { recordedLogMarkers, SERVER_LOG } from './support/log-markers';

/** The forms a value could take in a log line: as sent, URL-encoded, and JSON-escaped. */
const formsOf = (value: string): string[] => [
  ...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]),
];

export default function checkServerLog(): void {
  if (!existsSync(SERVER_LOG)) throw new Error(`The server wrote no log at ${SERVER_LOG}.`);
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n');
  const requests = lines.filter((line) => line.includes('"msg":"request completed"')).length;
  if (requests === 0) throw new Error(`${SERVER_LOG} has no request lines: was logging off (LOG=false)?`);

  const markers = [
    ...new Map(recordedLogMarkers().map((marker) => [`${marker.kind}:${marker.value}`, marker])).values(),
  ];
  const leaks: string[] = [];
  for (const marker of markers) {
    for (const form of formsOf(marker.value)) {
      const index = lines.findIndex((line) => line.includes(form));
      if (index >= 0) leaks.push(`a ${marker.kind} (${form.slice(0, 12)}…) on line ${index + 1}`);
    }
  }
  if (leaks.length > 0)
    throw new Error(`The server's log holds what it must never log:\n${[...new Set(leaks)].join('\n')}`);
  const kinds = [...new Set(markers.map((marker) => marker.kind))].join(', ');
  console.log(
    `Server log checked: ${requests} requests, none of ${markers.length} recorded values (${kinds || 'none'}) in it.`,
  );
}
