import { layeredStyle } from '../../theme';

export const root = layeredStyle({ position: 'relative', maxWidth: '100%' });

// Inside the page picture's 1 px border, so the overlay's points land on the drawn page.
export const overlay = layeredStyle({
  position: 'absolute',
  inset: 1,
  width: 'calc(100% - 2px)',
  height: 'calc(100% - 2px)',
  pointerEvents: 'none',
  overflow: 'hidden',
});
