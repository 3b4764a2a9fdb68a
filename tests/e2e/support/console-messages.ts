import type { Page } from '@playwright/test';

/** The page's console messages matching `pattern`, collected from now on (the array fills as they come). */
export function consoleMessages(page: Page, pattern: RegExp): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (pattern.test(message.text())) messages.push(message.text());
  });
  return messages;
}
