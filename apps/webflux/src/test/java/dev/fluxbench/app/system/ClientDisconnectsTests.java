package dev.fluxbench.app.system;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.channel.AbortedException;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilterChain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A write that fails because the client closed the connection mid-answer is a lost
 * client, counted and handed on as one; any other failure stays what it was.
 */
class ClientDisconnectsTests {

	/** What Netty raises for a write on a channel it has deregistered after a close. */
	private static final String DEREGISTERED = "channel not registered to an event loop";

	private final MeterRegistry registry = new SimpleMeterRegistry();

	private final ClientDisconnects filter = new ClientDisconnects(
			new StaticListableBeanFactory(Map.of("registry", this.registry)).getBeanProvider(MeterRegistry.class));

	@Test
	void failureAfterTheAnswerStartedOnAClosedConnectionShouldBeALostClient() {
		ServerWebExchange exchange = exchange(closedConnection());

		assertThatThrownBy(() -> this.filter.filter(exchange, failingAfterTheAnswerStarted()).block())
			.isInstanceOf(AbortedException.class)
			.cause()
			.hasMessage(DEREGISTERED);
		assertThat(disconnects()).isEqualTo(1.0);
	}

	@Test
	void failureAfterTheAnswerStartedOnAnOpenConnectionShouldStayAFailure() {
		ServerWebExchange exchange = exchange(Connection.from(new EmbeddedChannel()));

		assertThatThrownBy(() -> this.filter.filter(exchange, failingAfterTheAnswerStarted()).block())
			.isInstanceOf(IllegalStateException.class)
			.hasMessage(DEREGISTERED);
		assertThat(disconnects()).isZero();
	}

	@Test
	void failureBeforeTheAnswerStartedShouldStayAFailure() {
		// The exception handler still answers it, or counts it if Spring knows the type.
		ServerWebExchange exchange = exchange(closedConnection());
		WebFilterChain failing = (ignored) -> Mono.error(new IllegalStateException(DEREGISTERED));

		assertThatThrownBy(() -> this.filter.filter(exchange, failing).block())
			.isInstanceOf(IllegalStateException.class);
		assertThat(disconnects()).isZero();
	}

	@Test
	void lostClientSpringKnowsShouldBeLeftToTheExceptionHandler() {
		ServerWebExchange exchange = exchange(closedConnection());
		AbortedException aborted = AbortedException.beforeSend();
		WebFilterChain failing = (current) -> answerStarted(current).then(Mono.error(aborted));

		assertThatThrownBy(() -> this.filter.filter(exchange, failing).block()).isSameAs(aborted);
		assertThat(disconnects()).isZero();
	}

	@Test
	void cancelledRequestShouldBeCounted() {
		ServerWebExchange exchange = exchange(closedConnection());

		this.filter.filter(exchange, (ignored) -> Mono.never()).subscribe().dispose();

		assertThat(disconnects()).isEqualTo(1.0);
	}

	private double disconnects() {
		return this.registry.get("fluxbench.client.disconnects").counter().count();
	}

	private static WebFilterChain failingAfterTheAnswerStarted() {
		return (exchange) -> answerStarted(exchange).then(Mono.error(new IllegalStateException(DEREGISTERED)));
	}

	private static Mono<Void> answerStarted(ServerWebExchange exchange) {
		return exchange.getResponse()
			.writeWith(Mono.just(exchange.getResponse().bufferFactory().wrap("[".getBytes(StandardCharsets.UTF_8))));
	}

	private static Connection closedConnection() {
		EmbeddedChannel channel = new EmbeddedChannel();
		channel.close().syncUninterruptibly();
		return Connection.from(channel);
	}

	private static ServerWebExchange exchange(Connection connection) {
		return MockServerWebExchange.from(MockServerHttpRequest.get("/concerts/data/artists"))
			.mutate()
			.response(new ConnectedResponse(connection))
			.build();
	}

	/** A response whose native side is a Reactor Netty connection, as on a server. */
	private static final class ConnectedResponse extends MockServerHttpResponse {

		private final Connection connection;

		ConnectedResponse(Connection connection) {
			this.connection = connection;
		}

		@Override
		@SuppressWarnings("unchecked")
		public <T> T getNativeResponse() {
			return (T) this.connection;
		}

	}

}
