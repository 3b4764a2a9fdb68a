import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Tooltip } from '../Tooltip';
import { Popover } from './Popover';

describe('Popover and Tooltip', () => {
  it('opens the help popover by keyboard, portalled into body, and Escape closes it', async () => {
    const screen = await render(
      <Popover triggerLabel="More about Page Range" title="Page Range">
        e.g., 1-5, 8, 10-12
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'More about Page Range' });
    trigger.element().focus();
    await userEvent.keyboard('{Enter}');
    const popover = page.getByRole('dialog', { name: 'Page Range' });
    await expect.element(popover).toHaveTextContent('e.g., 1-5, 8, 10-12');
    expect(popover.element().parentElement?.closest('body')).toBe(document.body);
    expect(screen.container.contains(popover.element())).toBe(false);
    await userEvent.keyboard('{Escape}');
    await expect.element(popover).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
  });

  it('portals into the nearest shadow root when rendered inside one', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.appendChild(mount);
    await render(
      <Popover triggerLabel="More about Opacity" title="Opacity">
        10 to 80
      </Popover>,
      { container: mount },
    );
    const trigger = shadow.querySelector<HTMLButtonElement>('[data-part="popover-trigger"]')!;
    trigger.click();
    await expect.poll(() => shadow.querySelector('[data-part="popover"]')).not.toBeNull();
    expect(document.querySelector('[data-part="popover"]')).toBeNull();
    host.remove();
  });

  it('shows a tooltip on focus and hides it on Escape', async () => {
    const screen = await render(
      <Tooltip content="Use DRAFT as watermark text">
        <button type="button">DRAFT</button>
      </Tooltip>,
    );
    screen.getByRole('button', { name: 'DRAFT' }).element().focus();
    const tooltip = page.getByRole('tooltip');
    await expect.element(tooltip).toHaveTextContent('Use DRAFT as watermark text');
    await expect
      .element(screen.getByRole('button', { name: 'DRAFT' }))
      .toHaveAccessibleDescription('Use DRAFT as watermark text');
    await userEvent.keyboard('{Escape}');
    await expect.element(tooltip).not.toBeInTheDocument();
  });
});
