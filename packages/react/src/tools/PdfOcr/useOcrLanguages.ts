/**
 * The OCR languages a docstudio server has installed besides the spec's 27 (`GET {apiUrl}/ocr/languages`,
 * core's listOcrLanguages), offered after the catalogue's 27 in the picker. A host whose API has no
 * such list (the provider's) gets none, so its picker keeps the 27 every API takes.
 */
import type { ConversionClient, OptionChoice } from '@docstudio/core';
import { useEffect, useState } from 'react';

/** One look per client: the list changes only when the server restarts with other packages. */
const asked = new WeakMap<ConversionClient, Promise<readonly OptionChoice[]>>();

function otherLanguages(client: ConversionClient): Promise<readonly OptionChoice[]> {
  let answer = asked.get(client);
  if (!answer) {
    answer = client.listOcrLanguages().then(
      (languages) => languages.filter((entry) => !entry.listed).map(({ value, label }) => ({ value, label })),
      // no such call, offline, or an origin the server refuses: the catalogue's 27 stand alone
      () => [],
    );
    asked.set(client, answer);
  }
  return answer;
}

const NONE: readonly OptionChoice[] = [];

/** The server's other OCR languages (by name), empty until it has answered or when it cannot. */
export function useOcrLanguages(client: ConversionClient): readonly OptionChoice[] {
  const [languages, setLanguages] = useState(NONE);
  useEffect(() => {
    let current = true;
    void otherLanguages(client).then((found) => {
      if (current) setLanguages(found);
    });
    return () => {
      current = false;
    };
  }, [client]);
  return languages;
}
