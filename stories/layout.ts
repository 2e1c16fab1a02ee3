/**
 * Automatic layout of a machine graph with elkjs (the layered engine Stately's editor uses): compound and
 * parallel states contain their children, every compound state has an initial marker, transitions are
 * routed with their labels. Returns absolute coordinates for a plain SVG drawing. elkjs is loaded on
 * demand, so it is a chunk of its own.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { type GraphState, type MachineGraph, transitionLabel } from './graph';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StateBox extends Box {
  id: string;
}

export interface EdgeLayout {
  /** `<transition key>` plus `→<target>` when a transition has several targets. */
  id: string;
  transitionKey: string;
  /** The polyline, start to end. */
  points: { x: number; y: number }[];
  label: (Box & { text: string }) | null;
  /** An initial-state marker's arrow (not a transition). */
  initial: boolean;
}

export interface Layout {
  width: number;
  height: number;
  states: Record<string, StateBox>;
  /** The initial marker dot of each compound state (keyed by the compound state id). */
  initials: Record<string, Box>;
  /** The "any state" pseudo-node where machine-wide transitions start, when there are any. */
  anyState: Box | null;
  edges: EdgeLayout[];
}

export const ANY_STATE = '__any__';
const INITIAL_PREFIX = '__initial__';
const CHAR_WIDTH = 7.2;
const LINE_HEIGHT = 18;

export const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH) + 8;

/** The lines an atomic state box shows under its name. */
export function stateDetails(state: GraphState): string[] {
  return state.invokes.map((invoke) => `invoke ${invoke.src}`);
}

function elkGraph(graph: MachineGraph): ElkNode {
  const [root, ...rest] = graph.states as [GraphState, ...GraphState[]];
  const nodeOf = (state: GraphState): ElkNode => {
    const children = rest.filter((child) => child.parent === state.id);
    const details = stateDetails(state);
    if (children.length === 0) {
      const width = Math.max(90, textWidth(state.key), ...details.map(textWidth)) + 16;
      return { id: state.id, width, height: 34 + details.length * LINE_HEIGHT };
    }
    const nodes = children.map(nodeOf);
    if (state.initial) nodes.unshift({ id: `${INITIAL_PREFIX}${state.id}`, width: 12, height: 12 });
    const top = 34 + details.length * LINE_HEIGHT;
    return {
      id: state.id,
      children: nodes,
      layoutOptions: {
        'elk.padding': `[top=${top},left=16,bottom=16,right=16]`,
        'elk.nodeSize.minimum': `(${textWidth(state.key) + 40}, ${top + 20})`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      },
    };
  };
  const top = rest.filter((state) => state.parent === root.id).map(nodeOf);
  if (root.initial) top.unshift({ id: `${INITIAL_PREFIX}${root.id}`, width: 12, height: 12 });
  const hasAny = graph.transitions.some((t) => t.source === root.id);
  if (hasAny) top.unshift({ id: ANY_STATE, width: textWidth('any state') + 16, height: 30 });
  const edges: ElkExtendedEdge[] = [];
  for (const state of graph.states) {
    if (state.initial) {
      edges.push({
        id: `${INITIAL_PREFIX}${state.id}`,
        sources: [`${INITIAL_PREFIX}${state.id}`],
        targets: [state.initial],
      });
    }
  }
  for (const transition of graph.transitions) {
    const drawn = (id: string) => (id === root.id ? ANY_STATE : id);
    const source = drawn(transition.source);
    const targets = (transition.targets.length > 0 ? transition.targets : [transition.source]).map(drawn);
    const text = transitionLabel(transition);
    for (const target of targets) {
      edges.push({
        id: targets.length > 1 ? `${transition.key}→${target}` : transition.key,
        sources: [source],
        targets: [target],
        labels: [{ text, width: textWidth(text), height: 16 }],
      });
    }
  }
  return {
    id: root.id,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'POLYLINE',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.mergeEdges': 'false',
      'elk.padding': '[top=20,left=20,bottom=20,right=20]',
    },
    children: top,
    edges,
  };
}

/** Lays the machine graph out; coordinates are absolute (the drawing's own space). */
export async function layoutGraph(graph: MachineGraph): Promise<Layout> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const laid = await elk.layout(elkGraph(graph));
  const layout: Layout = {
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    states: {},
    initials: {},
    anyState: null,
    edges: [],
  };
  const offsets = new Map<string, { x: number; y: number }>([[laid.id, { x: 0, y: 0 }]]);
  const visit = (node: ElkNode, ox: number, oy: number) => {
    for (const child of node.children ?? []) {
      const x = ox + (child.x ?? 0);
      const y = oy + (child.y ?? 0);
      offsets.set(child.id, { x, y });
      const box = { x, y, width: child.width ?? 0, height: child.height ?? 0 };
      if (child.id === ANY_STATE) layout.anyState = box;
      else if (child.id.startsWith(INITIAL_PREFIX))
        layout.initials[child.id.slice(INITIAL_PREFIX.length)] = box;
      else layout.states[child.id] = { id: child.id, ...box };
      visit(child, x, y);
    }
  };
  visit(laid, 0, 0);
  const collect = (node: ElkNode) => {
    for (const edge of (node.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
      const offset = offsets.get(edge.container ?? node.id) ?? { x: 0, y: 0 };
      const points = (edge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const label = edge.labels?.[0];
      const initial = edge.id.startsWith(INITIAL_PREFIX);
      layout.edges.push({
        id: edge.id,
        transitionKey: initial ? '' : (edge.id.split('→')[0] as string),
        points: points.map((p) => ({ x: p.x + offset.x, y: p.y + offset.y })),
        label: label
          ? {
              text: label.text ?? '',
              x: (label.x ?? 0) + offset.x,
              y: (label.y ?? 0) + offset.y,
              width: label.width ?? 0,
              height: label.height ?? 0,
            }
          : null,
        initial,
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  return layout;
}
