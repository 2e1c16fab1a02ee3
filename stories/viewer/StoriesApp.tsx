/**
 * The story viewer (`/_stories`, development and deployments that enable it): every registered machine
 * listed with its counts, drawn as a statechart (elkjs layout, plain SVG), stepped on a live actor with the
 * story's fakes and a simulated clock, walked along its xstate/graph paths with the path tests' coverage on
 * the drawing, and shown as its real screen. The URL holds machine, input, path, step and hand-stepped
 * events, so a link reopens the same step. Works offline: nothing here calls the network.
 */
import { type MouseEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import type { EventObject } from 'xstate';
import { createStrings } from '../../ui/strings';
import '../../ui/strings-all';
import { valueLabel } from '../../machines/shared/value-label';
import { componentStories } from '../components';
import { toJsonConfig, toMermaidText } from '../export';
import { activeStateIds, graphCounts, type MachineGraph, machineGraph, transitionLabel } from '../graph';
import { type Layout, layoutGraph } from '../layout';
import { type StoryPath, shortEvent, storyPaths } from '../paths';
import { formatQuery, parseQuery, type StoriesQuery } from '../query';
import { stories } from '../stories';
import { ContextTree } from './ContextTree';
import { Diagram } from './Diagram';
import { type Offer, useStepper } from './useStepper';
import { storyViews } from './views';
import './stories.css';

export interface StoriesAppProps {
  /** The query string (without `?`). */
  search: string;
  /** Moves to another query (a new history entry). */
  onSearch: (search: string) => void;
}

// The transitions the path tests walked, as they recorded them in the ignored test-results/walked/ (vitest
// writes it, scripts/test.mjs runs vitest before the build); none there yet: coverage is drawn as unknown.
const walkedFiles = import.meta.glob<{ taken: string[] }>('../../test-results/walked/*.json', {
  eager: true,
  import: 'default',
});
const walked: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(walkedFiles).map(([file, data]) => [
    file.replace(/^.*\//, '').replace(/\.json$/, ''),
    new Set(data.taken),
  ]),
);

const strings = createStrings();

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function QueryLink({
  query,
  onSearch,
  children,
  current,
}: {
  query: StoriesQuery;
  onSearch: (search: string) => void;
  children: ReactNode;
  current?: boolean;
}) {
  const search = formatQuery(query);
  return (
    <a
      href={`?${search}`}
      aria-current={current ? 'page' : undefined}
      onClick={(event: MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onSearch(search);
      }}
    >
      {children}
    </a>
  );
}

const EMPTY: StoriesQuery = { machine: null, component: null, input: 0, path: null, step: 0, events: [] };

export default function StoriesApp({ search, onSearch }: StoriesAppProps) {
  const query = parseQuery(search);
  const [filter, setFilter] = useState('');
  const graphs = useMemo(
    () => Object.fromEntries(Object.entries(stories).map(([id, story]) => [id, machineGraph(story.machine)])),
    [],
  );
  const ids = Object.keys(stories).filter((id) => id.toLowerCase().includes(filter.trim().toLowerCase()));
  const selected = query.machine && stories[query.machine] ? query.machine : null;
  const component = componentStories.find((story) => story.id === query.component) ?? null;
  const components = componentStories.filter((story) =>
    story.id.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  useEffect(() => {
    const name = selected ?? component?.id;
    document.title = name ? `${name} — Story viewer` : 'Story viewer';
  }, [selected, component]);

  return (
    <div className="stories">
      <h1>Story viewer</h1>
      <p className="stories-lede">
        Every flow machine of the storefront, drawn, stepped with test fakes on a simulated clock, and shown
        as its screens. Works offline.
      </p>
      <div className="stories-layout">
        <nav aria-label="Stories" className="stories-nav">
          <label className="stories-field">
            Find a machine or component
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          <h2 id="stories-machines">Machines</h2>
          <ul aria-labelledby="stories-machines">
            {ids.map((id) => {
              const counts = graphCounts(graphs[id] as MachineGraph);
              return (
                <li key={id}>
                  <QueryLink query={{ ...EMPTY, machine: id }} onSearch={onSearch} current={id === selected}>
                    {id}
                  </QueryLink>
                  <span className="stories-counts">
                    {counts.states} states · {counts.events} events · {counts.transitions} transitions
                  </span>
                </li>
              );
            })}
          </ul>
          {ids.length === 0 ? <p role="status">No machine matches.</p> : null}
          <h2 id="stories-components">Components</h2>
          <ul aria-labelledby="stories-components">
            {components.map((story) => (
              <li key={story.id}>
                <QueryLink
                  query={{ ...EMPTY, component: story.id }}
                  onSearch={onSearch}
                  current={story.id === component?.id}
                >
                  {story.id}
                </QueryLink>
              </li>
            ))}
          </ul>
        </nav>
        {selected ? (
          <MachinePanel
            key={selected}
            id={selected}
            graph={graphs[selected] as MachineGraph}
            query={query}
            onSearch={onSearch}
          />
        ) : component ? (
          <section aria-labelledby="stories-component-title">
            <h2 id="stories-component-title">{component.id}</h2>
            <div className="stories-screen">{component.render(strings)}</div>
          </section>
        ) : (
          <p>Choose a machine to draw, step and see it, or a component to see its story.</p>
        )}
      </div>
    </div>
  );
}

function useLayout(graph: MachineGraph): Layout | null {
  const [layout, setLayout] = useState<Layout | null>(null);
  useEffect(() => {
    let live = true;
    layoutGraph(graph).then((laid) => live && setLayout(laid));
    return () => {
      live = false;
    };
  }, [graph]);
  return layout;
}

function MachinePanel({
  id,
  graph,
  query,
  onSearch,
}: {
  id: string;
  graph: MachineGraph;
  query: StoriesQuery;
  onSearch: (search: string) => void;
}) {
  const story = stories[id];
  if (!story) throw new Error(`No story for ${id}`);
  const layout = useLayout(graph);
  const inputIndex = Math.min(query.input, story.inputs.length - 1);
  const paths = useMemo(() => storyPaths(story, inputIndex), [story, inputIndex]);
  const path = paths.find((p) => p.id === query.path) ?? null;
  const step = path ? Math.min(query.step, path.events.length) : 0;
  const events = useMemo(
    () => [...(path ? path.events.slice(0, step) : []), ...query.events],
    [path, step, query.events],
  );
  const stepper = useStepper(story, inputIndex, events);
  const snapshot = stepper.snapshot;
  const active = useMemo(
    () => new Set(snapshot ? activeStateIds(graph, snapshot.value) : []),
    [graph, snapshot],
  );
  const covered = walked[id] ?? null;
  const untested = covered ? graph.transitions.filter((t) => !covered.has(t.key)) : [];
  const go = (next: Partial<StoriesQuery>) => onSearch(formatQuery({ ...query, machine: id, ...next }));
  const send = (event: EventObject) => go({ events: [...query.events, event] });
  const back = () => {
    if (query.events.length > 0) go({ events: query.events.slice(0, -1) });
    else if (path && step > 0) go({ step: step - 1 });
  };
  const counts = graphCounts(graph);
  const View = storyViews[id];
  const groups = (kind: Offer['kind'][]) => stepper.offers.filter((offer) => kind.includes(offer.kind));

  return (
    <section className="stories-machine" aria-labelledby="stories-machine-title">
      <h2 id="stories-machine-title">{id}</h2>
      {graph.description ? <p>{graph.description}</p> : null}
      <p className="stories-counts">
        {counts.states} states · {counts.events} events · {counts.transitions} transitions
      </p>
      <div className="stories-toolbar" role="toolbar" aria-label="Export">
        <button
          type="button"
          onClick={() => download(`${id}.json`, toJsonConfig(story.machine), 'application/json')}
        >
          Download JSON (Stately Studio)
        </button>
        <button
          type="button"
          onClick={() => download(`${id}.mmd`, toMermaidText(story.machine), 'text/plain')}
        >
          Download Mermaid
        </button>
      </div>

      {layout ? (
        <Diagram
          graph={graph}
          layout={layout}
          active={active}
          taken={new Set(stepper.lastTaken)}
          walked={covered}
          title={`Statechart of ${id}`}
          onExportSvg={(svg) => download(`${id}.svg`, svg, 'image/svg+xml')}
        />
      ) : (
        <p role="status">Laying out the statechart…</p>
      )}
      <p className="stories-legend">
        Blue: active states and the transitions of the last step.{' '}
        {covered
          ? `Dashed red: transitions no path test walks (${untested.length} of ${graph.transitions.length}).`
          : 'No path-test coverage recorded for this machine.'}
      </p>
      {untested.length > 0 ? (
        <details>
          <summary>Transitions no path test walks</summary>
          <ul>
            {untested.map((t) => (
              <li key={t.key}>
                <code>{t.key}</code> {transitionLabel(t)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <div className="stories-columns">
        <section aria-labelledby="stories-step" className="stories-step">
          <h3 id="stories-step">Step it</h3>
          {story.inputs.length > 1 ? (
            <label className="stories-field">
              Input
              <select
                value={inputIndex}
                onChange={(e) => go({ input: Number(e.target.value), path: null, step: 0, events: [] })}
              >
                {story.inputs.map((input, i) => (
                  <option key={input.label} value={i}>
                    {input.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <p aria-live="polite" data-testid="stories-state">
            State: <strong>{snapshot ? valueLabel(snapshot.value) || '(root)' : '…'}</strong>
            {snapshot && snapshot.status !== 'active' ? ` (${snapshot.status})` : ''}
            {stepper.status === 'replaying' ? ' — replaying…' : ''}
          </p>
          <p>Simulated time: {stepper.time} ms</p>
          {stepper.error ? (
            <p className="message message--error" role="alert">
              {stepper.error}
            </p>
          ) : null}
          <div className="stories-toolbar">
            <button
              type="button"
              onClick={back}
              disabled={query.events.length === 0 && (!path || step === 0)}
            >
              Back one step
            </button>
            <button type="button" onClick={() => go({ path: null, step: 0, events: [] })}>
              Restart
            </button>
          </div>
          <OfferGroup title="Events" offers={groups(['event'])} onSend={send} />
          <OfferGroup title="Invoked actors" offers={groups(['done', 'error'])} onSend={send} />
          <OfferGroup title="Time" offers={groups(['after', 'clock'])} onSend={send} />
          <details>
            <summary>Context</summary>
            {snapshot ? <ContextTree context={snapshot.context} /> : null}
          </details>
        </section>

        <section aria-labelledby="stories-see" className="stories-see">
          <h3 id="stories-see">See it</h3>
          {View && snapshot ? (
            <div className="stories-screen">
              <View snapshot={snapshot} send={send} strings={strings} />
            </div>
          ) : (
            <p>This flow has no view of its own.</p>
          )}
        </section>
      </div>

      <PathsSection
        paths={paths}
        path={path}
        step={step}
        onSelect={(selectedPath, at) => go({ path: selectedPath, step: at, events: [] })}
      />

      <details>
        <summary>Mermaid stateDiagram-v2</summary>
        <pre className="stories-code">{toMermaidText(story.machine)}</pre>
      </details>
    </section>
  );
}

function OfferGroup({
  title,
  offers,
  onSend,
}: {
  title: string;
  offers: Offer[];
  onSend: (event: EventObject) => void;
}) {
  if (offers.length === 0) return null;
  return (
    <fieldset className="stories-offers">
      <legend>{title}</legend>
      {offers.map((offer, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: two offers may share a label
          key={`${offer.label}-${i}`}
          type="button"
          disabled={!offer.enabled}
          data-kind={offer.kind}
          onClick={() => onSend(offer.event)}
        >
          {offer.label}
        </button>
      ))}
    </fieldset>
  );
}

function PathsSection({
  paths,
  path,
  step,
  onSelect,
}: {
  paths: StoryPath[];
  path: StoryPath | null;
  step: number;
  onSelect: (path: string, step: number) => void;
}) {
  const groups = [...new Set(paths.map((p) => p.group))];
  return (
    <section aria-labelledby="stories-walk" className="stories-walk">
      <h3 id="stories-walk">Walk it</h3>
      {path ? (
        <div className="stories-replay">
          <p aria-live="polite">
            Path to <strong>{path.label}</strong>: step {step} of {path.events.length}
          </p>
          <div className="stories-toolbar">
            <button type="button" disabled={step === 0} onClick={() => onSelect(path.id, 0)}>
              First step
            </button>
            <button type="button" disabled={step === 0} onClick={() => onSelect(path.id, step - 1)}>
              Previous step
            </button>
            <button
              type="button"
              disabled={step >= path.events.length}
              onClick={() => onSelect(path.id, step + 1)}
            >
              Next step
            </button>
            <button
              type="button"
              disabled={step >= path.events.length}
              onClick={() => onSelect(path.id, path.events.length)}
            >
              Last step
            </button>
          </div>
          <ol className="stories-steps">
            {path.events.map((event, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
                key={i}
                aria-current={i + 1 === step ? 'step' : undefined}
                className={i < step ? 'stories-steps__done' : undefined}
              >
                <code>{shortEvent(event.type)}</code> → {valueLabel(path.values[i + 1])}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {groups.map((group) => (
        <details key={group} open={group.startsWith('Simple')}>
          <summary>
            {group} ({paths.filter((p) => p.group === group).length})
          </summary>
          <ul className="stories-paths">
            {paths
              .filter((p) => p.group === group)
              .map((p) => (
                <li key={p.id}>
                  <button type="button" aria-pressed={p.id === path?.id} onClick={() => onSelect(p.id, 0)}>
                    <strong>{p.label}</strong>{' '}
                    <span className="stories-counts">
                      {p.events.length} steps:{' '}
                      {p.events.map((e) => shortEvent(e.type)).join(' → ') || '(start)'}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
