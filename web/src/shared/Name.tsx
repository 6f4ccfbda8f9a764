/**
 * The characters that set a text's direction by force (embeddings, overrides, isolates): in a name they
 * can only spoof (`Bank\u202Eevil` would read "Banklive"). The server refuses them in new names; a name
 * stored earlier shows each as a visible U+FFFD instead.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** A name as text to show: its direction controls made visible. */
export function displayName(name: string | null | undefined): string {
  return (name ?? '').replace(DIRECTION_CONTROLS, '\uFFFD');
}

/**
 * A name someone typed (institution, admin, contact, client, batch) shown in the page: isolated from the
 * text around it (`<bdi>`), so a right-to-left name cannot reorder its neighbours, with its direction
 * controls made visible.
 */
export function Name({ children, className }: { children: string | null | undefined; className?: string }) {
  return <bdi className={className}>{displayName(children)}</bdi>;
}
