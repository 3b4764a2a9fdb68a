import { formatFileSize } from '@docstudio/core';
import { useStore } from 'zustand';
import { formatMessage } from '../../provider';
import { useToolContext } from '../../shell';
import * as styles from './CompressionSavings.css';

/** '37%', or one decimal below 10% ('2.4%'), never '0%' for a file that did shrink. */
function percentText(saved: number, before: number): string {
  const percent = (saved / before) * 100;
  if (percent >= 10) return String(Math.round(percent));
  return String(Math.max(0.1, Math.round(percent * 10) / 10));
}

/**
 * What compressing saved: the chosen file's size against the result's, or 'already optimal' when the
 * server sent the original back because nothing it tried made the file smaller.
 */
export function CompressionSavings() {
  const { scope, messages, store } = useToolContext();
  const complete = useStore(store, (state) => state.status === 'complete');
  const entry = useStore(store, (state) => state.files[0]);
  const result = useStore(store, (state) => state.results[0]);
  // Results listed again on opening the page have no chosen file to compare with.
  if (!complete || !entry || !result) return null;
  const before = entry.stored?.fileSize ?? entry.file.size;
  const after = result.fileSize;
  if (!(before > 0) || !(after > 0)) return null;
  const optimal = after >= before;
  return (
    <p
      className={styles.savings}
      role="status"
      data-scope={scope}
      data-part="size-saved"
      data-before={before}
      data-after={after}
      data-optimal={optimal || undefined}
    >
      {optimal
        ? formatMessage(messages.compressOptimal, { size: formatFileSize(after) })
        : formatMessage(messages.compressSaved, {
            before: formatFileSize(before),
            after: formatFileSize(after),
            percent: percentText(before - after, before),
            saved: formatFileSize(before - after),
          })}
    </p>
  );
}
