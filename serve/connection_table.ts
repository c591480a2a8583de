/** What the table needs of a connection: when it last moved bytes, and how to drop it. */
export interface TrackedConnection {
  lastActivity: number;
  close(): void;
}

/**
 * Open client connections, ordered from the longest quiet to the most recently active, so shedding
 * load drops the connections doing the least (an idle flood) and never a transfer under way. A Map
 * keeps insertion order: moving an entry to the end on activity keeps the order in O(1).
 */
export class ConnectionTable<T extends TrackedConnection> {
  readonly #entries = new Map<T, true>();

  get size(): number {
    return this.#entries.size;
  }

  add(connection: T, now: number): void {
    connection.lastActivity = now;
    this.#entries.set(connection, true);
  }

  touch(connection: T, now: number): void {
    connection.lastActivity = now;
    if (this.#entries.delete(connection)) this.#entries.set(connection, true);
  }

  delete(connection: T): void {
    this.#entries.delete(connection);
  }

  /** Closes up to `count` of the quietest connections; answers how many it closed. */
  shed(count: number): number {
    let closed = 0;
    for (const connection of this.#entries.keys()) {
      if (closed >= count) break;
      this.#entries.delete(connection);
      connection.close();
      closed++;
    }
    return closed;
  }

  /** Every connection, quietest first (a copy: closing one while iterating is safe). */
  list(): T[] {
    return [...this.#entries.keys()];
  }
}
