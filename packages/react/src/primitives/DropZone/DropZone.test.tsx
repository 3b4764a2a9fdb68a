import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { loadFixture } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { dragLeave, dragOver, dropFiles } from '../../testing/dom.events';
import { DropZone } from './DropZone';

const labels = {
  idle: 'Drag & drop your PDF file here',
  browse: 'or click to browse files',
  active: 'Drop your PDF file here...',
  label: 'Choose PDF file to upload',
};

describe('DropZone', () => {
  it("shows the spec's texts and highlights while a drag is over it", async () => {
    const screen = await render(<DropZone labels={labels} scope="pdf-merge" onFiles={() => {}} />);
    const zone = screen
      .getByRole('button', { name: /Drag & drop your PDF file here/ })
      .element() as HTMLElement;
    expect(zone.getAttribute('data-scope')).toBe('pdf-merge');
    expect(zone.textContent).toContain('Drag & drop your PDF file here');
    expect(zone.textContent).toContain('or click to browse files');
    expect(zone.hasAttribute('data-dragging')).toBe(false);

    const transfer = await dragOver(zone, [await loadFixture('crazyones.pdf')]);
    await expect.poll(() => zone.hasAttribute('data-dragging')).toBe(true);
    expect(zone.textContent).toContain('Drop your PDF file here...');
    // The highlight is visible: the border turns to the primary colour.
    expect(getComputedStyle(zone).borderTopStyle).toBe('solid');

    await dragLeave(zone, transfer);
    await expect.poll(() => zone.hasAttribute('data-dragging')).toBe(false);
    expect(zone.textContent).toContain('Drag & drop your PDF file here');
    expect(getComputedStyle(zone).borderTopStyle).toBe('dashed');
  });

  it('hands every dropped file to the caller, unfiltered', async () => {
    const onFiles = vi.fn();
    const screen = await render(<DropZone labels={labels} onFiles={onFiles} />);
    const pdf = await loadFixture('crazyones.pdf');
    const png = await loadFixture('pil123rgba.png');
    await dropFiles(screen.getByRole('button', { name: /Drag & drop/ }).element(), [pdf, png]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0]?.[0].map((file: File) => file.name)).toEqual([
      'crazyones.pdf',
      'pil123rgba.png',
    ]);
  });

  it('opens the file dialog with Enter and with Space', async () => {
    const screen = await render(
      <DropZone labels={labels} acceptAttribute=".pdf,application/pdf" onFiles={() => {}} />,
    );
    const input = screen.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('.pdf,application/pdf');
    expect(input.multiple).toBe(false);
    // The native dialog cannot be driven from a test; what opens it is a click on the file input.
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: /Drag & drop/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('is out of the tab order and ignores drops while disabled', async () => {
    const onFiles = vi.fn();
    const screen = await render(<DropZone labels={labels} disabled onFiles={onFiles} />);
    const zone = screen.getByRole('button', { name: /Drag & drop/ });
    await expect.element(zone).toHaveAttribute('aria-disabled', 'true');
    await expect.element(zone).toHaveAttribute('data-disabled');
    await expect.element(zone).not.toHaveAttribute('tabindex');
    await dropFiles(zone.element(), [await loadFixture('crazyones.pdf')]);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('has no serious accessibility violation', async () => {
    const screen = await render(<DropZone labels={labels} hint="PDF" onFiles={() => {}} />);
    expect(await seriousViolations(screen.container)).toEqual([]);
  });
});
