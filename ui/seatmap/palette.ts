/**
 * The 20 colours of seat ticket groups (spec 1 §3), in order: a seat's first group picks the colour by its
 * position among the map's groups. Each has at least 3:1 contrast with the white map background (WCAG 1.4.11),
 * and state is never shown by colour alone (see `draw.ts`: shapes and marks).
 */
export const SEAT_PALETTE = [
  '#1f5fbf',
  '#b3261e',
  '#1b7f3b',
  '#8a3ffc',
  '#b35900',
  '#00727a',
  '#c2185b',
  '#5c6b00',
  '#3949ab',
  '#8d4a00',
  '#00796b',
  '#ad1457',
  '#4e6a00',
  '#6a1b9a',
  '#a0430a',
  '#01579b',
  '#7b5e00',
  '#2e7d32',
  '#9c27b0',
  '#455a64',
] as const;

/** The colour of each ticket group id, in first-seen order over the groups given. */
export function groupColours(groupIds: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of groupIds) {
    if (!out.has(id)) out.set(id, SEAT_PALETTE[out.size % SEAT_PALETTE.length] as string);
  }
  return out;
}
