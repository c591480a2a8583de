/**
 * A plain island (`islands/{Name}.client.ts`, see routes/island_build.ts) works on the server's HTML
 * with the DOM alone: its default export gets the marker and the island's props, and imports no React,
 * so such an island costs only its own few lines.
 */
export type Enhance<P = Record<string, unknown>> = (marker: HTMLElement, props: P) => void;
