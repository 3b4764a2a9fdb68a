import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { seriousViolations } from '../../testing/axe.check';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('exposes its value through role progressbar and aria-valuenow', async () => {
    const screen = await render(<ProgressBar value={40} label="Conversion progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Conversion progress' });
    await expect.element(bar).toHaveAttribute('aria-valuenow', '40');
    await expect.element(bar).toHaveAttribute('aria-valuemin', '0');
    await expect.element(bar).toHaveAttribute('aria-valuemax', '100');
    await expect.element(screen.getByText('40%')).toBeVisible();
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it('clamps values outside 0..100', async () => {
    const screen = await render(<ProgressBar value={140} label="Progress" />);
    await expect.element(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await screen.rerender(<ProgressBar value={-3} label="Progress" />);
    await expect.element(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });
});
