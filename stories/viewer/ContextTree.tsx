/** The context of a snapshot as a readable tree: objects and arrays fold, leaves show their JSON. */
function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'function')
    return <span className="stories-tree__fn">ƒ {value.name || 'function'}</span>;
  if (value === undefined) return <span className="stories-tree__muted">undefined</span>;
  return <code>{JSON.stringify(value)}</code>;
}

function Node({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const kind = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    if (entries.length === 0) {
      return (
        <li>
          <span className="stories-tree__key">{name}</span>: <code>{Array.isArray(value) ? '[]' : '{}'}</code>
        </li>
      );
    }
    return (
      <li>
        <details open={depth < 1}>
          <summary>
            <span className="stories-tree__key">{name}</span>{' '}
            <span className="stories-tree__muted">{kind}</span>
          </summary>
          <ul>
            {entries.map(([key, child]) => (
              <Node key={key} name={key} value={child} depth={depth + 1} />
            ))}
          </ul>
        </details>
      </li>
    );
  }
  return (
    <li>
      <span className="stories-tree__key">{name}</span>: <Leaf value={value} />
    </li>
  );
}

export function ContextTree({ context }: { context: unknown }) {
  if (context === null || typeof context !== 'object') return <Leaf value={context} />;
  return (
    <ul className="stories-tree">
      {Object.entries(context).map(([key, value]) => (
        <Node key={key} name={key} value={value} depth={0} />
      ))}
    </ul>
  );
}
