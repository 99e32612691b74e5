package dev.fluxbench.app.system;

import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Lets a request whose client went away run to its end, as mvc does, instead of
 * cancelling it half-way. Reactor Netty cancels such a request, and the cancel reaches
 * whatever the request was waiting on. Cancelled in the middle of a query, r2dbc-mariadb
 * 1.4.0 could leave the pooled connection with a conversation nobody reads: r2dbc-pool
 * took it back as idle, and every later query on it waited forever without an error
 * (CancellationIT, docs/limits.md). A request that finishes its work releases its
 * connections the way every answered request does.
 *
 * <p>
 * It sits inside {@link ClientDisconnects}, which still sees the cancel and counts the
 * lost client. A failure after the client left has nobody to answer: it is logged at
 * DEBUG, like every other lost client's.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class AbandonedRequests implements WebFilter {

	private static final Log logger = LogFactory.getLog(AbandonedRequests.class);

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		return Mono.deferContextual((context) -> {
			AtomicBoolean abandoned = new AtomicBoolean();
			Mono<Void> request = chain.filter(exchange)
				.onErrorResume((ex) -> abandoned.get(), (ex) -> lost(exchange, ex))
				.contextWrite(context);
			// suppressCancel: the answer's cancel leaves the request running.
			return Mono.fromFuture(request.toFuture(), true).doOnCancel(() -> abandoned.set(true));
		});
	}

	private static Mono<Void> lost(ServerWebExchange exchange, Throwable ex) {
		if (logger.isDebugEnabled()) {
			logger.debug("Failure of " + exchange.getRequest().getMethod() + " " + exchange.getRequest().getPath()
					+ " after its client went away", ex);
		}
		return Mono.empty();
	}

}
