/**
 * Mermaid `stateDiagram-v2` text of a machine graph, and a reader of that text (the round-trip the tests
 * and the exporter rely on). Composite states hold their children, parallel regions are separated by `--`,
 * `[*]` marks initial and final states, invoked actors are notes; every transition is one line
 * `source --> target : event [guard]` (a targetless transition is drawn as a self-loop).
 */
import { type GraphState, type MachineGraph, transitionLabel } from './graph';

/** The Mermaid identifier of a state: its id without the machine prefix, dots as `__`. */
export function mermaidId(graph: MachineGraph, stateId: string): string {
  const local = stateId.startsWith(`${graph.id}.`) ? stateId.slice(graph.id.length + 1) : stateId;
  return local.replace(/\./g, '__').replace(/[^A-Za-z0-9_]/g, '_');
}

const quote = (text: string) => text.replace(/"/g, "'");
const oneLine = (text: string) => text.replace(/\s+/g, ' ').replace(/[:;]/g, ',');

export function toMermaid(graph: MachineGraph): string {
  const id = (stateId: string) => mermaidId(graph, stateId);
  const childrenOf = (parent: string) => graph.states.filter((s) => s.parent === parent);
  const lines: string[] = ['stateDiagram-v2'];
  const root = graph.states[0] as GraphState;

  const writeChildren = (parent: GraphState, indent: string) => {
    const children = childrenOf(parent.id);
    if (parent.initial) lines.push(`${indent}[*] --> ${id(parent.initial)}`);
    children.forEach((child, index) => {
      if (parent.kind === 'parallel' && index > 0) lines.push(`${indent}--`);
      writeState(child, indent);
    });
  };
  const writeState = (state: GraphState, indent: string) => {
    const mid = id(state.id);
    lines.push(`${indent}state "${quote(state.key)}" as ${mid}`);
    if (state.kind === 'compound' || state.kind === 'parallel') {
      lines.push(`${indent}state ${mid} {`);
      writeChildren(state, `${indent}  `);
      lines.push(`${indent}}`);
    }
    if (state.kind === 'final') lines.push(`${indent}${mid} --> [*]`);
    for (const invoke of state.invokes) lines.push(`${indent}note right of ${mid} : invoke ${invoke.src}`);
  };

  writeChildren(root, '  ');
  for (const transition of graph.transitions) {
    const label = oneLine(transitionLabel(transition));
    // Machine-wide transitions (the root's `on`) leave from a pseudo-state standing for "any state".
    const source = transition.source === root.id ? ROOT_ALIAS : id(transition.source);
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source];
    for (const target of targets) lines.push(`  ${source} --> ${id(target)} : ${label}`);
  }
  if (graph.transitions.some((t) => t.source === root.id)) {
    lines.splice(1, 0, `  state "${quote(root.key)} (any state)" as ${ROOT_ALIAS}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Machine-wide transitions (the root's `on`) start from this pseudo-state. */
export const ROOT_ALIAS = '__machine__';

export interface ParsedMermaid {
  /** Declared states: Mermaid id -> label. */
  states: Map<string, string>;
  /** Composite state id -> its children's ids. */
  children: Map<string, string[]>;
  /** Composite id (or '' for the top) -> initial child id. */
  initial: Map<string, string>;
  finals: Set<string>;
  transitions: { from: string; to: string; label: string }[];
  notes: { of: string; text: string }[];
}

/** Reads the subset of `stateDiagram-v2` that `toMermaid` writes. */
export function parseMermaid(text: string): ParsedMermaid {
  const lines = text.split('\n').map((line) => line.trim());
  if (lines[0] !== 'stateDiagram-v2') throw new Error('Not a stateDiagram-v2');
  const parsed: ParsedMermaid = {
    states: new Map(),
    children: new Map(),
    initial: new Map(),
    finals: new Set(),
    transitions: [],
    notes: [],
  };
  const stack: string[] = [''];
  for (const line of lines.slice(1)) {
    if (line === '' || line === '--') continue;
    const parent = stack.at(-1) ?? '';
    let m = /^state "([^"]*)" as (\w+)$/.exec(line);
    if (m) {
      parsed.states.set(m[2] as string, m[1] as string);
      if (parent) parsed.children.set(parent, [...(parsed.children.get(parent) ?? []), m[2] as string]);
      continue;
    }
    m = /^state (\w+) \{$/.exec(line);
    if (m) {
      stack.push(m[1] as string);
      continue;
    }
    if (line === '}') {
      stack.pop();
      continue;
    }
    m = /^note right of (\w+) : (.*)$/.exec(line);
    if (m) {
      parsed.notes.push({ of: m[1] as string, text: m[2] as string });
      continue;
    }
    m = /^\[\*\] --> (\w+)$/.exec(line);
    if (m) {
      parsed.initial.set(parent, m[1] as string);
      continue;
    }
    m = /^(\w+) --> \[\*\]$/.exec(line);
    if (m) {
      parsed.finals.add(m[1] as string);
      continue;
    }
    m = /^(\w+) --> (\w+) : (.*)$/.exec(line);
    if (m) {
      parsed.transitions.push({ from: m[1] as string, to: m[2] as string, label: m[3] as string });
      continue;
    }
    throw new Error(`Unreadable Mermaid line: ${line}`);
  }
  return parsed;
}
