package dev.fluxbench.app.system;

import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;
import reactor.netty.Connection;
import reactor.netty.channel.AbortedException;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Counts the requests whose client went away, in
 * {@code fluxbench_client_disconnects_total}. Reactor Netty cancels such a request rather
 * than failing it, so no exception handler ever sees it; mvc learns of a lost client only
 * when a write fails, and counts it in {@link ApiExceptionHandler}.
 *
 * <p>
 * When the client leaves while the answer is being written, Reactor Netty may fail the
 * write instead, with whatever the closed channel raised (an
 * {@code IllegalStateException} "channel not registered to an event loop" once Netty has
 * deregistered it, reactor/reactor-netty#3591). Spring does not know those for a lost
 * client and logs each at ERROR with "ServerHttpResponse already committed". A failure
 * after the answer started on a connection that is closed is a lost client whatever its
 * type: nobody could read a word more. It is counted and handed on as an
 * {@link AbortedException}, which Spring logs at DEBUG like every other lost client.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class ClientDisconnects implements WebFilter {

	private final Overload overload;

	ClientDisconnects(ObjectProvider<MeterRegistry> registry) {
		this.overload = Overload.of(registry);
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		return chain.filter(exchange).onErrorMap((ex) -> lostDuringAnswer(ex, exchange.getResponse()), (ex) -> {
			this.overload.disconnected();
			return new AbortedException(ex);
		}).doFinally((signal) -> {
			if (signal == SignalType.CANCEL) {
				this.overload.disconnected();
			}
		});
	}

	/**
	 * Whether a failure came from writing to a client that has gone. One Spring already
	 * knows for a lost client is left alone: Spring logs it at DEBUG, and
	 * {@link ApiExceptionHandler} counts it when it sees it.
	 */
	private static boolean lostDuringAnswer(Throwable ex, ServerHttpResponse response) {
		return response.isCommitted() && !DisconnectedClientHelper.isClientDisconnectedException(ex)
				&& connectionClosed(response);
	}

	private static boolean connectionClosed(ServerHttpResponse response) {
		try {
			return ServerHttpResponseDecorator.getNativeResponse(response) instanceof Connection connection
					&& connection.isDisposed();
		}
		catch (IllegalStateException ex) {
			// A response no server wrote (a test's mock) has no connection to ask.
			return false;
		}
	}

}
