package dev.fluxbench.app.system;

import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Counts the requests whose client went away, in
 * {@code fluxbench_client_disconnects_total}. Reactor Netty cancels such a request rather
 * than failing it, so no exception handler ever sees it; mvc learns of a lost client only
 * when a write fails, and counts it in {@link ApiExceptionHandler}.
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
		return chain.filter(exchange).doFinally((signal) -> {
			if (signal == SignalType.CANCEL) {
				this.overload.disconnected();
			}
		});
	}

}
