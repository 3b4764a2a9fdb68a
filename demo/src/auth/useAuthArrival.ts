/**
 * Runs core's `?auth=` arrival flow once when the studio loads. Core moves the token out of the
 * address, validates it and reloads the page when it is valid; the studio only shows the one failure
 * the spec gives a message for (the token could not be saved).
 */
import { type AuthContext, consumeAuthArrival } from '@docstudio/core';
import { useEffect, useRef, useState } from 'react';

export function useAuthArrival(context: AuthContext | undefined): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  // StrictMode runs effects twice; a second run would validate the same token again.
  const started = useRef(false);
  useEffect(() => {
    if (!context || started.current) return;
    started.current = true;
    void consumeAuthArrival(context).then((result) => {
      if (result.status === 'failed') setProblem(result.error.message);
    });
  }, [context]);
  return problem;
}
