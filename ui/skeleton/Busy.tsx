/**
 * Placeholders shown while a block loads. Each has the size of what replaces it (same grid, aspect ratios and
 * line heights), so content arriving does not move what is around it. Screen readers hear `label` once,
 * through a polite status region; the shapes themselves are hidden from them.
 */
import type { ReactNode } from 'react';

/** The polite status region around a skeleton's shapes. */
export function Busy({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className="skeleton-region">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}
