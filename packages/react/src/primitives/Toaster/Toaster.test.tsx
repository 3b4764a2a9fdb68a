import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { seriousViolations } from '../../testing/axe.check';
import { Toaster, type ToastMessage } from './Toaster';

const toasts: ToastMessage[] = [
  {
    id: '1',
    variant: 'success',
    title: 'Conversion completed!',
    message: 'Your file has been successfully converted to PDF.',
  },
  { id: '2', variant: 'failure', title: 'Invalid file format', message: 'Please upload PDF files only.' },
  { id: '3', variant: 'destructive', title: 'Conversion failed', message: 'An unexpected error occurred.' },
];

function Harness({ duration }: { duration: number }) {
  const [list, setList] = useState(toasts);
  return (
    <Toaster
      toasts={list}
      duration={duration}
      onDismiss={(id) => setList((current) => current.filter((t) => t.id !== id))}
    />
  );
}

afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('announces success politely and failures as alerts, in a live region', async () => {
    const screen = await render(<Harness duration={0} />);
    const live = screen.container.querySelector('[aria-live="polite"]');
    expect(live).not.toBeNull();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Conversion completed!');
    const alerts = screen.getByRole('alert').all();
    expect(alerts).toHaveLength(2);
    expect(
      [...screen.container.querySelectorAll('[data-part="toast"]')].map((n) =>
        n.getAttribute('data-variant'),
      ),
    ).toEqual(['success', 'failure', 'destructive']);
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it('dismisses by button and by itself after its duration', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const screen = await render(<Harness duration={6000} />);
    (
      screen.getByRole('button', { name: 'Dismiss notification' }).first().element() as HTMLButtonElement
    ).click();
    await expect.poll(() => screen.container.querySelectorAll('[data-part="toast"]').length).toBe(2);
    vi.advanceTimersByTime(6000);
    await expect.poll(() => screen.container.querySelectorAll('[data-part="toast"]').length).toBe(0);
  });
});
