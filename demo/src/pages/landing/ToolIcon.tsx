/**
 * A catalogue tool's icon (its `icon`, a Lucide name) drawn with lucide-react. The map is typed over
 * every `ToolIcon`, so a new icon name in the catalogue fails the build until it is drawn here. Only
 * these icons are imported, so the bundle carries 18 icons, not the whole set.
 */
import type { ToolIcon as ToolIconName } from '@docstudio/core';
import {
  Archive,
  EyeOff,
  FileCode,
  FileImage,
  FileText,
  FileType,
  Globe,
  Images,
  Lock,
  LockOpen,
  type LucideIcon,
  Merge,
  Minimize2,
  Presentation,
  RotateCw,
  ScanText,
  Scissors,
  Sheet,
  Stamp,
} from 'lucide-react';

const ICONS: Record<ToolIconName, LucideIcon> = {
  'file-text': FileText,
  images: Images,
  globe: Globe,
  'file-code': FileCode,
  'file-type': FileType,
  presentation: Presentation,
  sheet: Sheet,
  'file-image': FileImage,
  'minimize-2': Minimize2,
  lock: Lock,
  'lock-open': LockOpen,
  archive: Archive,
  merge: Merge,
  scissors: Scissors,
  'rotate-cw': RotateCw,
  stamp: Stamp,
  'scan-text': ScanText,
  'eye-off': EyeOff,
};

/** Decorative: the card's title names the tool, so the icon is hidden from assistive technology. */
export function ToolIcon({ name }: { name: ToolIconName }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" focusable="false" size={28} strokeWidth={1.75} data-icon={name} />;
}
