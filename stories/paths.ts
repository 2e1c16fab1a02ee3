/**
 * The paths the viewer lists and replays: `xstate/graph`'s shortest path to every state of the model, and
 * the simple paths a story names (the ones its path tests replay), each a list of events from the start.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { valueLabel } from '../machines/shared/value-label';
import type { MachineStory } from './fixtures/story';
import { defaultSerializeState } from './replay';

export interface StoryPath {
  /** Stable id in the URL: `s<n>` (shortest) or `p<set>.<n>` (simple paths set). */
  id: string;
  /** Where the path ends, as a person reads it: the state value, e.g. `active.idle`. */
  label: string;
  /** Which list it belongs to. */
  group: string;
  /** Events after the initial state, in order. */
  events: EventObject[];
  /** The state value after each event (index 0: the initial state). */
  values: unknown[];
}

// biome-ignore lint/suspicious/noExplicitAny: the graph API is typed over each machine's own events
type AnyPath = { steps: { event: EventObject; state: any }[] };

function toStoryPath(path: AnyPath, id: string, group: string): StoryPath {
  const values = path.steps.map((step) => step.state.value);
  return {
    id,
    group,
    label: valueLabel(values.at(-1)),
    events: path.steps.slice(1).map((step) => step.event),
    values,
  };
}

/** The story's paths for one of its inputs: shortest paths first, then each named set of simple paths. */
export function storyPaths(story: MachineStory, inputIndex: number): StoryPath[] {
  const input = story.inputs[inputIndex]?.input;
  // biome-ignore lint/suspicious/noExplicitAny: the graph API is typed over each machine's own events
  const logic = (story.model ?? story.machine) as any as AnyStateMachine;
  const serializeState = (story.serializeState ?? defaultSerializeState) as (s: unknown) => string;
  const shortest = getShortestPaths(logic, {
    input,
    events: story.events as never,
    serializeState: serializeState as never,
    limit: 20_000,
  }) as unknown as AnyPath[];
  const out = shortest.map((path, n) => toStoryPath(path, `s${n}`, 'Shortest path to each state'));
  story.simplePaths?.forEach((set, index) => {
    if (set.input !== inputIndex) return;
    const simple = getSimplePaths(logic, {
      input,
      events: set.events as never,
      serializeState: serializeState as never,
      toState: set.toState as never,
      limit: 20_000,
    }) as unknown as AnyPath[];
    simple.forEach((path, n) => {
      out.push(toStoryPath(path, `p${index}.${n}`, `Simple paths ${set.label}`));
    });
  });
  return out;
}

/** An event type as a person reads it in a path: `loadCart done`, `loadCart error`, `after closeTransition`. */
export function shortEvent(type: string): string {
  if (type.startsWith('xstate.done.actor.')) return `${type.slice('xstate.done.actor.'.length)} done`;
  if (type.startsWith('xstate.error.actor.')) return `${type.slice('xstate.error.actor.'.length)} error`;
  if (type.startsWith('xstate.after.')) return `after ${type.slice('xstate.after.'.length).split('.')[0]}`;
  return type;
}
