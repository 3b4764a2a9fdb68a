import { describe, expect, it, vi } from 'vitest';
import { callbackPropName, createStudioEmitter, domEventName } from './index';

describe('studio events', () => {
  it('derives DOM and React names from the core names', () => {
    expect(domEventName('conversion-complete')).toBe('docstudio-conversion-complete');
    expect(callbackPropName('conversion-complete')).toBe('onConversionComplete');
    expect(callbackPropName('file-added')).toBe('onFileAdded');
    expect(callbackPropName('step-change')).toBe('onStepChange');
  });

  it('delivers typed details, unsubscribes, and survives a throwing listener', () => {
    const emitter = createStudioEmitter();
    const seen: number[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    emitter.on('conversion-progress', () => {
      throw new Error('listener bug');
    });
    const stop = emitter.on('conversion-progress', ({ percent }) => seen.push(percent));
    emitter.emit('conversion-progress', { percent: 10 });
    stop();
    emitter.emit('conversion-progress', { percent: 20 });
    expect(seen).toEqual([10]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
