/** A state value as dotted paths: `{ active: 'idle' }` -> `active.idle`; parallel regions joined by `, `. */
export function valueLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, child]) => {
        const inner = valueLabel(child);
        return inner ? `${key}.${inner}` : key;
      })
      .join(', ');
  }
  return '';
}
