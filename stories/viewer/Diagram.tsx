/**
 * The statechart drawn in plain SVG from the elkjs layout: states (compound ones holding their children,
 * parallel regions dashed, final states doubled), initial markers, transitions with their labels. Active
 * states are highlighted, the transitions of the last step are bold, and transitions the machine's own path
 * tests never walk are drawn dashed in the warning colour. Styling is in attributes, so the exported SVG
 * looks the same. Pan and zoom: buttons, keyboard (+ − 0 and arrows) and pointer (drag, wheel).
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { type GraphState, type MachineGraph, transitionLabel } from '../graph';
import { type Layout, stateDetails } from '../layout';

const COLORS = {
  text: '#1f2328',
  muted: '#57606a',
  border: '#57606a',
  surface: '#ffffff',
  compound: '#f6f8fa',
  active: '#dbe7fd',
  activeBorder: '#1d4ed8',
  edge: '#57606a',
  taken: '#1d4ed8',
  untested: '#b42318',
};

export interface DiagramProps {
  graph: MachineGraph;
  layout: Layout;
  active: ReadonlySet<string>;
  /** Transition keys the last step took. */
  taken: ReadonlySet<string>;
  /** Transition keys the machine's path tests walk; null when unknown. */
  walked: ReadonlySet<string> | null;
  title: string;
  /** Hover titles on transitions (off for server rendering, which would hoist them out of the SVG). */
  tooltips?: boolean;
}

interface View {
  x: number;
  y: number;
  scale: number;
}

function fitView(layout: Layout, width: number, height: number): View {
  const scale = Math.min(1, width / Math.max(layout.width, 1), height / Math.max(layout.height, 1));
  return {
    scale,
    x: (width - layout.width * scale) / 2,
    y: (height - layout.height * scale) / 2,
  };
}

const PAN = 80;
const ZOOM = 1.25;

/** The drawing itself (no pan/zoom): also what the SVG export serialises. */
/** Arrowheads for transitions: plain, taken by the last step, and walked by no test. */
const ARROWS = [
  ['arrow', COLORS.edge],
  ['arrow-taken', COLORS.taken],
  ['arrow-untested', COLORS.untested],
] as const;

export function DiagramContent({
  graph,
  layout,
  active,
  taken,
  walked,
  tooltips = true,
}: Omit<DiagramProps, 'title'>) {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const transitions = new Map(graph.transitions.map((t) => [t.key, t]));
  const states = graph.states.slice(1).filter((s) => layout.states[s.id]);
  const parentKind = (state: GraphState) => (state.parent ? byId.get(state.parent)?.kind : undefined);
  return (
    <g data-content="">
      <defs>
        {ARROWS.map(([id, color]) => (
          <marker
            key={id}
            id={id}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={color} />
          </marker>
        ))}
      </defs>
      {states.map((state) => {
        const box = layout.states[state.id];
        if (!box) return null;
        const isActive = active.has(state.id);
        const container = state.kind === 'compound' || state.kind === 'parallel';
        const details = stateDetails(state);
        return (
          <g
            key={state.id}
            data-state-id={state.id}
            data-active={isActive ? 'true' : 'false'}
            data-kind={state.kind}
          >
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx={8}
              fill={isActive ? COLORS.active : container ? COLORS.compound : COLORS.surface}
              stroke={isActive ? COLORS.activeBorder : COLORS.border}
              strokeWidth={isActive ? 2.5 : 1.2}
              strokeDasharray={parentKind(state) === 'parallel' ? '6 4' : undefined}
            />
            {state.kind === 'final' ? (
              <rect
                x={box.x + 4}
                y={box.y + 4}
                width={box.width - 8}
                height={box.height - 8}
                rx={6}
                fill="none"
                stroke={COLORS.border}
              />
            ) : null}
            <text
              x={box.x + (container ? 10 : box.width / 2)}
              y={box.y + 21}
              textAnchor={container ? 'start' : 'middle'}
              fontFamily="system-ui, sans-serif"
              fontSize={13}
              fontWeight={600}
              fill={COLORS.text}
            >
              {state.key}
              {state.kind === 'parallel' ? ' (parallel)' : ''}
              {state.kind === 'history' ? ' (history)' : ''}
            </text>
            {details.map((line, i) => (
              <text
                key={line}
                x={box.x + (container ? 10 : box.width / 2)}
                y={box.y + 39 + i * 18}
                textAnchor={container ? 'start' : 'middle'}
                fontFamily="system-ui, sans-serif"
                fontSize={11}
                fill={COLORS.muted}
              >
                {line}
              </text>
            ))}
          </g>
        );
      })}
      {layout.anyState ? (
        <g data-state-id="(any state)">
          <rect
            x={layout.anyState.x}
            y={layout.anyState.y}
            width={layout.anyState.width}
            height={layout.anyState.height}
            rx={15}
            fill={COLORS.surface}
            stroke={COLORS.border}
            strokeDasharray="3 3"
          />
          <text
            x={layout.anyState.x + layout.anyState.width / 2}
            y={layout.anyState.y + 19}
            textAnchor="middle"
            fontFamily="system-ui, sans-serif"
            fontSize={11}
            fill={COLORS.muted}
          >
            any state
          </text>
        </g>
      ) : null}
      {Object.entries(layout.initials).map(([id, box]) => (
        <circle
          key={`initial-${id}`}
          cx={box.x + box.width / 2}
          cy={box.y + box.height / 2}
          r={5}
          fill={COLORS.text}
        />
      ))}
      {layout.edges.map((edge) => {
        const points = edge.points.map((p) => `${p.x},${p.y}`).join(' ');
        if (edge.initial) {
          return (
            <polyline
              key={edge.id}
              points={points}
              fill="none"
              stroke={COLORS.edge}
              strokeWidth={1.2}
              markerEnd="url(#arrow)"
            />
          );
        }
        const transition = transitions.get(edge.transitionKey);
        const isTaken = taken.has(edge.transitionKey);
        const untested = walked !== null && !walked.has(edge.transitionKey);
        const color = isTaken ? COLORS.taken : untested ? COLORS.untested : COLORS.edge;
        return (
          <g
            key={edge.id}
            data-transition={edge.transitionKey}
            data-taken={isTaken ? 'true' : 'false'}
            data-walked={walked === null ? 'unknown' : untested ? 'false' : 'true'}
          >
            {tooltips ? (
              <title>{`${transition ? transitionLabel(transition) : edge.transitionKey}${untested ? ' — no path test walks this transition' : ''}`}</title>
            ) : null}
            <polyline
              points={points}
              fill="none"
              stroke={color}
              strokeWidth={isTaken ? 3 : 1.4}
              strokeDasharray={untested ? '6 4' : undefined}
              markerEnd={`url(#${isTaken ? 'arrow-taken' : untested ? 'arrow-untested' : 'arrow'})`}
            />
            {edge.label ? (
              <>
                <rect
                  x={edge.label.x - 2}
                  y={edge.label.y - 1}
                  width={edge.label.width + 4}
                  height={edge.label.height + 2}
                  rx={3}
                  fill={COLORS.surface}
                  fillOpacity={0.9}
                  stroke={untested ? COLORS.untested : 'none'}
                />
                <text
                  x={edge.label.x + edge.label.width / 2}
                  y={edge.label.y + 12}
                  textAnchor="middle"
                  fontFamily="ui-monospace, monospace"
                  fontSize={11}
                  fontWeight={isTaken ? 700 : 400}
                  fill={isTaken ? COLORS.taken : untested ? COLORS.untested : COLORS.text}
                >
                  {edge.label.text}
                </text>
              </>
            ) : null}
          </g>
        );
      })}
    </g>
  );
}

/** A standalone SVG document around the drawing's markup (the page's download and the exporter). */
export function svgDocumentOf(body: string, layout: Layout, title: string): string {
  const w = Math.ceil(layout.width);
  const h = Math.ceil(layout.height);
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><title>${escaped}</title><rect width="100%" height="100%" fill="#ffffff"/>${body}</svg>\n`;
}

/** The SVG document of the drawing as shown now (active states and last transitions included). */
export function svgDocument(content: SVGGElement, layout: Layout, title: string): string {
  return svgDocumentOf(new XMLSerializer().serializeToString(content), layout, title);
}

export function Diagram(props: DiagramProps & { onExportSvg?: (svg: string) => void }) {
  const { layout, title } = props;
  const frame = useRef<HTMLDivElement>(null);
  const content = useRef<SVGGElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, scale: 1 });
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  const fitToFrame = () => {
    const el = frame.current;
    if (el) setView(fitView(layout, el.clientWidth, el.clientHeight));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when a new layout arrives
  useEffect(() => fitToFrame(), [layout]);

  const zoom = (factor: number, cx?: number, cy?: number) =>
    setView((v) => {
      const el = frame.current;
      const px = cx ?? (el ? el.clientWidth / 2 : 0);
      const py = cy ?? (el ? el.clientHeight / 2 : 0);
      const scale = Math.min(4, Math.max(0.1, v.scale * factor));
      const k = scale / v.scale;
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      zoom(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - rect.left, event.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      '+': () => zoom(ZOOM),
      '=': () => zoom(ZOOM),
      '-': () => zoom(1 / ZOOM),
      '0': fitToFrame,
      ArrowLeft: () => pan(PAN, 0),
      ArrowRight: () => pan(-PAN, 0),
      ArrowUp: () => pan(0, PAN),
      ArrowDown: () => pan(0, -PAN),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, y: event.clientY, view };
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (!start) return;
    setView({
      ...start.view,
      x: start.view.x + event.clientX - start.x,
      y: start.view.y + event.clientY - start.y,
    });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <div className="stories-diagram">
      <div className="stories-toolbar" role="toolbar" aria-label="Diagram controls">
        <button type="button" onClick={() => zoom(ZOOM)}>
          Zoom in
        </button>
        <button type="button" onClick={() => zoom(1 / ZOOM)}>
          Zoom out
        </button>
        <button type="button" onClick={fitToFrame}>
          Fit
        </button>
        <button type="button" aria-label="Pan left" onClick={() => pan(PAN, 0)}>
          ←
        </button>
        <button type="button" aria-label="Pan right" onClick={() => pan(-PAN, 0)}>
          →
        </button>
        <button type="button" aria-label="Pan up" onClick={() => pan(0, PAN)}>
          ↑
        </button>
        <button type="button" aria-label="Pan down" onClick={() => pan(0, -PAN)}>
          ↓
        </button>
        <span className="stories-zoom" aria-live="polite">
          {Math.round(view.scale * 100)}%
        </span>
        {props.onExportSvg ? (
          <button
            type="button"
            onClick={() => {
              if (content.current) props.onExportSvg?.(svgDocument(content.current, layout, title));
            }}
          >
            Download SVG
          </button>
        ) : null}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable drawing, not a form group */}
      <div
        ref={frame}
        className="stories-frame"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing takes the keyboard for pan and zoom
        tabIndex={0}
        role="group"
        aria-label={`${title}. Keys: plus and minus zoom, arrows pan, 0 fits.`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <svg className="stories-svg" width="100%" height="100%" aria-hidden="true" focusable="false">
          <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`} data-view="">
            <g ref={content}>
              <DiagramContent {...props} />
            </g>
          </g>
        </svg>
      </div>
    </div>
  );
}
