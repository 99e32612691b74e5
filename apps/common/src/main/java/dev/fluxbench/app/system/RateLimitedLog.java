package dev.fluxbench.app.system;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;

/**
 * WARN lines that a caller can repeat at will, at most one per key and period: a line a
 * request can cause, written once per request, lets any client flood the log. The first
 * line of a period is written, the others are counted, and the next written line says how
 * many were left out. Keys often come from requests too, so past {@code maxKeys} of them
 * new keys share one window.
 */
public final class RateLimitedLog {

	static final String OTHER_KEYS = "*";

	private final Log log;

	private final Duration period;

	private final int maxKeys;

	private final InstantSource clock;

	private final Map<String, Window> windows = new ConcurrentHashMap<>();

	public RateLimitedLog(Log log, Duration period, int maxKeys) {
		this(log, period, maxKeys, InstantSource.system());
	}

	RateLimitedLog(Log log, Duration period, int maxKeys, InstantSource clock) {
		this.log = log;
		this.period = period;
		this.maxKeys = maxKeys;
		this.clock = clock;
	}

	/**
	 * Writes the message at WARN unless a line for this key was written in the last
	 * period.
	 * @return whether it was written
	 */
	public boolean warn(String key, Supplier<String> message) {
		if (!this.log.isWarnEnabled()) {
			return false;
		}
		Instant now = this.clock.instant();
		long[] leftOut = { -1 };
		this.windows.compute(windowKey(key, now), (name, window) -> {
			if (window == null || !now.isBefore(window.opened.plus(this.period))) {
				leftOut[0] = (window != null) ? window.leftOut : 0;
				return new Window(now);
			}
			window.leftOut++;
			return window;
		});
		if (leftOut[0] < 0) {
			return false;
		}
		this.log.warn((leftOut[0] > 0) ? message.get() + " (" + leftOut[0] + " more like it left out since the last)"
				: message.get());
		return true;
	}

	private String windowKey(String key, Instant now) {
		if (this.windows.containsKey(key) || this.windows.size() < this.maxKeys) {
			return key;
		}
		// Windows that ended have nothing left to say but their count, which is given up
		// here.
		this.windows.values().removeIf((window) -> !now.isBefore(window.opened.plus(this.period)));
		return (this.windows.size() < this.maxKeys) ? key : OTHER_KEYS;
	}

	private static final class Window {

		private final Instant opened;

		// Only changed inside ConcurrentHashMap.compute, which runs one remapping per key
		// at a time.
		private long leftOut;

		Window(Instant opened) {
			this.opened = opened;
		}

	}

}
