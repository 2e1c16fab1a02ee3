/**
 * The viewer's deep link: which machine, which input, and either a path and step or a trail of events
 * stepped by hand (`?machine=cart&input=0&path=p0.1&step=3`, `?machine=modals&events=[…]`), or a component's
 * story (`?component=CartWidget/empty`).
 */
import type { EventObject } from 'xstate';

export interface StoriesQuery {
  machine: string | null;
  /** A component story instead of a machine, e.g. `CartWidget/empty`. */
  component?: string | null;
  input: number;
  path: string | null;
  step: number;
  /** Events stepped by hand after the path's step (or from the start). */
  events: EventObject[];
}

function parseEvents(text: string | null): EventObject[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (e): e is EventObject => !!e && typeof e === 'object' && typeof (e as EventObject).type === 'string',
    );
  } catch {
    return [];
  }
}

const count = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : 0;
};

export function parseQuery(search: string): StoriesQuery {
  const params = new URLSearchParams(search);
  return {
    machine: params.get('machine'),
    component: params.get('component'),
    input: count(params.get('input')),
    path: params.get('path'),
    step: count(params.get('step')),
    events: parseEvents(params.get('events')),
  };
}

export function formatQuery(query: StoriesQuery): string {
  const params = new URLSearchParams();
  if (query.machine) params.set('machine', query.machine);
  if (query.component) params.set('component', query.component);
  if (query.input > 0) params.set('input', String(query.input));
  if (query.path) {
    params.set('path', query.path);
    params.set('step', String(query.step));
  }
  if (query.events.length > 0) params.set('events', JSON.stringify(query.events));
  return params.toString();
}
