package dev.fluxbench.app.system;

import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A database's pool of {@value #CONNECTIONS} connections, all lent at once, answers on
 * every one of the drivers' loops. On Reactor Netty's own loops, or on loops that Netty
 * hands out in turn, they answered on every other loop. The subclasses' contexts set
 * {@code fluxbench.db.pool.max-size} to {@value #CONNECTIONS}.
 */
abstract class AbstractDriverLoopsTests {

	static final int CONNECTIONS = 8;

	@Autowired
	private ConnectionFactory connectionFactory;

	/** A statement that keeps its connection for a moment. */
	abstract String pause();

	@Test
	void everyConnectionWhenAllAreLentShouldAnswerOnTheDriversOwnLoopsAndUseEachOfThem() {
		Set<String> threads = Flux.range(0, CONNECTIONS)
			.flatMap((i) -> Mono.usingWhen(this.connectionFactory.create(), this::threadOfAnAnswer, Connection::close),
					CONNECTIONS)
			.collect(Collectors.toSet())
			.block(Duration.ofSeconds(30));

		assertThat(threads).allSatisfy((thread) -> assertThat(thread).startsWith(DriverLoops.PREFIX + "-"));
		assertThat(threads).hasSize(Math.min(CONNECTIONS, LoopResources.DEFAULT_IO_WORKER_COUNT));
	}

	private Mono<String> threadOfAnAnswer(Connection connection) {
		return Flux.from(connection.createStatement(pause()).execute())
			.flatMap((result) -> result.map((row, metadata) -> Thread.currentThread().getName()))
			.single();
	}

}
