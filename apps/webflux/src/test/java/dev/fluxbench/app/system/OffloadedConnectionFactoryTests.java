package dev.fluxbench.app.system;

import java.util.concurrent.atomic.AtomicReference;

import io.r2dbc.h2.H2ConnectionConfiguration;
import io.r2dbc.h2.H2ConnectionFactory;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * Where a borrower that waited for a connection goes on: the thread that released one,
 * for the pool itself, and the lending scheduler, through the offloaded factory.
 */
class OffloadedConnectionFactoryTests {

	private final Scheduler lender = Schedulers.newSingle("lender");

	private final Scheduler releaser = Schedulers.newSingle("releaser");

	private final ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration
		.builder(new H2ConnectionFactory(H2ConnectionConfiguration.builder().inMemory("offload").build()))
		.initialSize(1)
		.maxSize(1)
		.build());

	@AfterEach
	void dispose() {
		this.pool.dispose();
		this.lender.dispose();
		this.releaser.dispose();
	}

	@Test
	void aWaitingBorrowerWhenTheFactoryOffloadsShouldGoOnOnTheLender() {
		ConnectionFactory factory = OffloadedConnectionFactory.of(this.pool, this.lender);

		assertThat(threadOfAWaitingBorrower(factory)).startsWith("lender-");
		assertThat(OffloadedConnectionFactory.offloads(factory)).isTrue();
	}

	@Test
	void aWaitingBorrowerOfThePoolItselfShouldGoOnOnTheThreadThatReleased() {
		// What makes an event loop that releases a connection run the next borrower's
		// statement, and the next, when the driver answers on the caller's thread.
		assertThat(threadOfAWaitingBorrower(this.pool)).startsWith("releaser-");
	}

	@Test
	void ofWhenTheDriverTalksToAServerShouldLeaveThePoolAsItIs() {
		ConnectionFactory postgres = mock(ConnectionFactory.class);
		ConnectionFactoryMetadata metadata = () -> "PostgreSQL";
		given(postgres.getMetadata()).willReturn(metadata);
		given(postgres.create()).willAnswer((invocation) -> Mono.never());
		ConnectionPool server = new ConnectionPool(ConnectionPoolConfiguration.builder(postgres).build());
		try {
			assertThat(OffloadedConnectionFactory.of(server, this.lender)).isSameAs(server);
			assertThat(OffloadedConnectionFactory.offloads(server)).isFalse();
		}
		finally {
			server.dispose();
		}
	}

	@Test
	void theFactoryShouldUnwrapToThePoolAndDisposeIt() {
		OffloadedConnectionFactory factory = (OffloadedConnectionFactory) OffloadedConnectionFactory.of(this.pool,
				this.lender);

		assertThat(factory.unwrap()).isSameAs(this.pool);
		assertThat(factory.getMetadata().getName()).isEqualTo("H2");
		factory.dispose();
		assertThat(this.pool.isDisposed()).isTrue();
		assertThat(factory.isDisposed()).isTrue();
	}

	/**
	 * Holds the pool's only connection, asks for another, releases the first on the
	 * releaser, and names the thread the second borrower went on on.
	 */
	private String threadOfAWaitingBorrower(ConnectionFactory factory) {
		Connection held = Mono.from(factory.create()).block();
		AtomicReference<String> thread = new AtomicReference<>();
		Mono.from(factory.create()).subscribe((connection) -> {
			thread.set(Thread.currentThread().getName());
			Mono.from(connection.close()).subscribe();
		});
		assertThat(thread).hasNullValue();
		Mono.from(held.close()).subscribeOn(this.releaser).subscribe();
		await().until(() -> thread.get() != null);
		return thread.get();
	}

}
