package dev.fluxbench.contract.unit.delta;

/**
 * Which line each accepted id came from, to name the first occurrence when an id comes
 * again. Open addressing over two primitive arrays: about 12 bytes an id at most, where a
 * {@code HashMap<Long, Integer>} costs five times that in boxes and entries.
 */
final class IdLines {

	private static final long EMPTY = 0;

	private long[] ids;

	private int[] lines;

	private int size;

	IdLines() {
		this.ids = new long[1024];
		this.lines = new int[1024];
	}

	/**
	 * Remembers that {@code id} (positive) was accepted on {@code line}, unless it was
	 * accepted before.
	 * @return the line it was first accepted on, or 0 when this is the first time
	 */
	int putIfAbsent(long id, int line) {
		int slot = find(this.ids, id);
		if (this.ids[slot] == id) {
			return this.lines[slot];
		}
		this.ids[slot] = id;
		this.lines[slot] = line;
		if (++this.size * 2 > this.ids.length) {
			grow();
		}
		return 0;
	}

	private void grow() {
		long[] oldIds = this.ids;
		int[] oldLines = this.lines;
		this.ids = new long[oldIds.length * 2];
		this.lines = new int[oldIds.length * 2];
		for (int i = 0; i < oldIds.length; i++) {
			if (oldIds[i] != EMPTY) {
				int slot = find(this.ids, oldIds[i]);
				this.ids[slot] = oldIds[i];
				this.lines[slot] = oldLines[i];
			}
		}
	}

	private static int find(long[] ids, long id) {
		int mask = ids.length - 1;
		// Fibonacci hashing: ids of one partner are spaced by 5, which plain masking
		// would cluster.
		int slot = (int) ((id * 0x9E3779B97F4A7C15L) >>> 32) & mask;
		while (ids[slot] != EMPTY && ids[slot] != id) {
			slot = (slot + 1) & mask;
		}
		return slot;
	}

}
