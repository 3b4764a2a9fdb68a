/**
 * A star rating read as one image with its value ('Rated 5 out of 5'): the stars themselves are
 * decoration, so a screen reader hears the number once rather than five unnamed pictures.
 */
import { Star } from 'lucide-react';

export function StarRating({ value, max = 5 }: { value: number; max?: number }) {
  return (
    <div className="star-rating" role="img" aria-label={`Rated ${value} out of ${max}`}>
      {Array.from({ length: max }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, never reordered
          key={index}
          aria-hidden="true"
          focusable="false"
          size={18}
          data-filled={index < value}
          fill={index < value ? 'currentColor' : 'none'}
        />
      ))}
    </div>
  );
}
