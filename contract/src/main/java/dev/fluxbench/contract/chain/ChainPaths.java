package dev.fluxbench.contract.chain;

import dev.fluxbench.contract.passthrough.Message;

/**
 * {@code GET /chain/{id}?depth=N&delay=MS&bytes=N}: service A calls service B (the
 * downstream's {@code GET /delay/{ms}?bytes=N}) behind a circuit breaker and a time
 * limiter, through N - 1 hops of A calling A first. The same names, defaults and limits
 * for every stack and for the harness.
 */
public final class ChainPaths {

	public static final String CHAIN = "/chain";

	public static final String DEPTH = "depth";

	public static final String DELAY = "delay";

	public static final String BYTES = "bytes";

	public static final int DEFAULT_DEPTH = 1;

	public static final long DEFAULT_DELAY_MILLIS = 0;

	public static final int DEFAULT_BYTES = 0;

	/**
	 * The ceiling of every app's {@code fluxbench.chain.max-depth}. Each hop holds a
	 * request of its caller open: on Tomcat's platform threads a chain of depth N holds N
	 * of them, so a depth near the thread count would let a single request wait on
	 * itself.
	 */
	public static final int MAX_DEPTH = 64;

	/**
	 * As long as the passthrough's messages may wait: longer than any timeout we
	 * configure.
	 */
	public static final long MAX_DELAY_MILLIS = Message.MAX_DELAY_MILLIS;

	/**
	 * The downstream's own limit ({@code fluxbench.downstream-server.max-bytes}, 16MB).
	 * Every hop holds the whole payload in memory, once as bytes and once as text.
	 */
	public static final int MAX_BYTES = 16 * 1024 * 1024;

	public static final int MAX_ID_LENGTH = Message.MAX_ID_LENGTH;

	/**
	 * Service B: the downstream's resource that answers {@code bytes} filler bytes after
	 * {@code ms}.
	 */
	public static final String DOWNSTREAM_DELAY = "/delay/{ms}";

	private ChainPaths() {
	}

}
