import { expect, it } from 'vitest';
it('runs in a real browser', () => {
  expect(navigator.userAgent).toContain('Chrome');
});
