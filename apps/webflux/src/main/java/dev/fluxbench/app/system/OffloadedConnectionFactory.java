package dev.fluxbench.app.system;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Closeable;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.Wrapped;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The pool of a driver that runs each statement on the thread that subscribes to it, as
 * r2dbc-h2 does, handing every connection it lends out to a scheduler.
 * <p>
 * r2dbc-pool (reactor-pool) gives a released connection to the next waiting borrower on
 * the thread that released it, and keeps doing so for as long as borrowers wait. With a
 * driver that answers on the caller's thread, each such borrower's statement, its
 * response and its own release then run inside that one loop: once the pool is full, one
 * Netty event loop serves every request that waits for a connection and stops reading the
 * connections it owns, whose requests go unanswered until demand falls. Lending on a
 * scheduler ends that loop at the first hand-over. A driver that talks to a server over
 * the network (PostgreSQL, MariaDB) answers on its own event loops and is left as it is.
 */
final class OffloadedConnectionFactory implements ConnectionFactory, Wrapped<ConnectionFactory>, Closeable, Disposable {

	private final ConnectionPool pool;

	private final Scheduler scheduler;

	private OffloadedConnectionFactory(ConnectionPool pool, Scheduler scheduler) {
		this.pool = pool;
		this.scheduler = scheduler;
	}

	/**
	 * The pool as it is, or lending on {@code scheduler} when its driver runs statements
	 * on the caller's thread.
	 */
	static ConnectionFactory of(ConnectionPool pool, Scheduler scheduler) {
		return runsOnCaller(pool.getMetadata()) ? new OffloadedConnectionFactory(pool, scheduler) : pool;
	}

	/** Whether lending through {@code factory} goes through a scheduler. */
	static boolean offloads(ConnectionFactory factory) {
		return factory instanceof OffloadedConnectionFactory;
	}

	private static boolean runsOnCaller(ConnectionFactoryMetadata metadata) {
		return "H2".equals(metadata.getName());
	}

	@Override
	public Publisher<? extends Connection> create() {
		return Mono.from(this.pool.create()).publishOn(this.scheduler);
	}

	@Override
	public ConnectionFactoryMetadata getMetadata() {
		return this.pool.getMetadata();
	}

	/** The pool, for Boot's pool metrics and anything else that unwraps. */
	@Override
	public ConnectionFactory unwrap() {
		return this.pool;
	}

	@Override
	public Publisher<Void> close() {
		return this.pool.close();
	}

	@Override
	public void dispose() {
		this.pool.dispose();
	}

	@Override
	public boolean isDisposed() {
		return this.pool.isDisposed();
	}

}
