/** Seconds (decimals allowed, as config gives them) in the milliseconds timers and KV take. */
export const seconds = (value: number) => Math.round(value * 1000);

/** The stored form of an instant: orders and events keep ISO strings, readable in a dump. */
export const iso = (ms: number) => new Date(ms).toISOString();
