/** The icon, title and text items of the landing's feature bands (enterprise, security). */
import type { LucideIcon } from 'lucide-react';

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

export function FeatureList({ items, className }: { items: readonly FeatureItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Icon aria-hidden="true" focusable="false" size={24} />
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
